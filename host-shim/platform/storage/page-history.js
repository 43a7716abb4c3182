// Reads for api.php's page listings and histories: titles of a namespace in either direction, between
// bounds, and the revisions of one page.
import { prepared } from '../../src/prepared.js';

/**
 * `{pageId, namespace, title}` of pages of `namespace` in title order (byte order of the
 * stored spelling), from `from` to `to` inclusive (either may be null), starting with `prefix` when
 * given, descending when asked, at most `limit`.
 */
export function listTitles(db, { namespace, from = null, to = null, prefix = null, descending = false, limit }) {
  const [low, high] = descending ? [to, from] : [from, to];
  const rows = prepared(db, `
    SELECT p.id, p.namespace, p.title FROM page p
    WHERE p.namespace = ? AND (? IS NULL OR p.title >= ?) AND (? IS NULL OR p.title <= ?)
      AND (? IS NULL OR substr(p.title, 1, length(?)) = ?)
    ORDER BY p.title ${descending ? 'DESC' : 'ASC'} LIMIT ?`)
    .all(namespace, low, low, high, high, prefix, prefix, prefix, limit);
  return rows.map((row) => ({ pageId: row.id, namespace: row.namespace, title: row.title }));
}

function toRevision(row) {
  return {
    revisionId: row.id,
    parentRevisionId: row.parent_id ?? 0,
    timestamp: row.timestamp,
    user: row.user_name,
    userId: row.user_id ?? 0,
    comment: row.comment,
    contentModel: row.content_model,
    mainSlot: row.main_slot,
    subjectSlot: row.subject_slot,
  };
}

/**
 * Revisions of a page, newest first (or oldest first with `newer`), starting at revision `startId`
 * and ending at `endId` (inclusive, either may be null), at most `limit`.
 */
export function listRevisions(db, pageId, { newer = false, startId = null, endId = null, limit }) {
  const [low, high] = newer ? [startId, endId] : [endId, startId];
  return prepared(db, `
    SELECT r.id, r.timestamp, r.user_id, r.user_name, r.comment, r.content_model, r.main_slot, r.subject_slot,
           (SELECT MAX(older.id) FROM revision older WHERE older.page_id = r.page_id AND older.id < r.id) AS parent_id
    FROM revision r
    WHERE r.page_id = ? AND (? IS NULL OR r.id >= ?) AND (? IS NULL OR r.id <= ?)
    ORDER BY r.id ${newer ? 'ASC' : 'DESC'} LIMIT ?`)
    .all(pageId, low, low, high, high, limit).map(toRevision);
}

/** How many revisions a page has. */
export function countRevisions(db, pageId) {
  return prepared(db, 'SELECT COUNT(*) FROM revision WHERE page_id = ?').pluck().get(pageId);
}
