// Reads of pages and revisions. A page is live while it has a `page` row; an archived page's revisions
// stay stored but are not visible.
import { prepared } from '../../src/prepared.js';

const PAGE_SELECT = `
  SELECT p.id, p.namespace, p.title, p.latest_revision_id, p.content_model, p.created_at,
         r.timestamp, r.user_name, r.main_slot, r.subject_slot
  FROM page p JOIN revision r ON r.id = p.latest_revision_id`;

function toPage(row) {
  return row && {
    pageId: row.id,
    namespace: row.namespace,
    title: row.title,
    latestRevisionId: row.latest_revision_id,
    contentModel: row.content_model,
    created: row.created_at,
    modified: row.timestamp,
    lastEditor: row.user_name,
    mainSlot: row.main_slot,
    subjectSlot: row.subject_slot,
  };
}

export function findPageById(db, pageId) {
  return toPage(prepared(db, `${PAGE_SELECT} WHERE p.id = ?`).get(pageId)) ?? null;
}

export function findPageByTitle(db, namespace, title) {
  return toPage(prepared(db, `${PAGE_SELECT} WHERE p.namespace = ? AND p.title = ?`).get(namespace, title)) ?? null;
}

/**
 * Pages of a namespace in title order (byte order, the `UNIQUE (namespace, title)` index), after the
 * title `after` and starting with `prefix` when given, at most `limit`.
 */
export function listPagesInNamespace(db, { namespace, after, prefix, limit }) {
  const from = [after, prefix].filter((t) => t != null).sort().at(-1) ?? '';
  const rows = prepared(db, `${PAGE_SELECT}
    WHERE p.namespace = ? AND p.title >= ? AND (? IS NULL OR p.title <> ?)
      AND (? IS NULL OR substr(p.title, 1, length(?)) = ?)
    ORDER BY p.title LIMIT ?`).all(namespace, from, after ?? null, after ?? null, prefix ?? null, prefix ?? null, prefix ?? null, limit);
  return rows.map(toPage);
}

/** Up to `limit` pages with an id above `afterId`, in id order: a walk over every page in batches. */
export function listPagesById(db, afterId, limit) {
  return db.prepare(`${PAGE_SELECT} WHERE p.id > ? ORDER BY p.id LIMIT ?`).all(afterId, limit).map(toPage);
}

export function countPages(db) {
  return db.prepare('SELECT COUNT(*) FROM page').pluck().get();
}

/** A revision of a live page, or null. */
export function findRevision(db, revisionId) {
  const row = prepared(db, `
    SELECT r.id, r.page_id, r.timestamp, r.user_name, r.comment, r.content_model, r.main_slot, r.subject_slot,
           p.namespace, p.title,
           (SELECT MAX(older.id) FROM revision older WHERE older.page_id = r.page_id AND older.id < r.id) AS parent_id
    FROM revision r JOIN page p ON p.id = r.page_id
    WHERE r.id = ?`).get(revisionId);
  return row ? {
    revisionId: row.id,
    parentRevisionId: row.parent_id,
    pageId: row.page_id,
    namespace: row.namespace,
    title: row.title,
    timestamp: row.timestamp,
    user: row.user_name,
    comment: row.comment,
    contentModel: row.content_model,
    mainSlot: row.main_slot,
    subjectSlot: row.subject_slot,
  } : null;
}

/** The id of the page's newest revision saved at or before `timestamp` (MediaWiki's `basetimestamp`). */
export function revisionIdAtTime(db, pageId, timestamp) {
  return prepared(db, 'SELECT MAX(id) FROM revision WHERE page_id = ? AND timestamp <= ?').pluck().get(pageId, timestamp) ?? null;
}

/** `{subjectId: {pageId, schema, namespace, title}}` for the ids the index holds. */
export function findSubjects(db, ids) {
  const rows = prepared(db, `
    SELECT s.subject_id, s.page_id, s.schema, p.namespace, p.title
    FROM subject_index s JOIN page p ON p.id = s.page_id
    WHERE s.subject_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids));
  return Object.fromEntries(rows.map((row) => [row.subject_id, {
    pageId: row.page_id, schema: decodeSchema(row.schema), namespace: row.namespace, title: row.title,
  }]));
}

/** The IDs of the Subjects the index holds on these pages. */
export function subjectsOnPages(db, pageIds) {
  return prepared(db, 'SELECT subject_id FROM subject_index WHERE page_id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(pageIds));
}

// A Schema reference is a name or a `{source, name}` object; the index stores objects as JSON text.
export function encodeSchema(schema) {
  return typeof schema === 'string' ? schema : JSON.stringify(schema);
}

export function decodeSchema(stored) {
  return stored.startsWith('{') ? JSON.parse(stored) : stored;
}

const WITH_SUBJECT_SLOT = 'r.subject_slot IS NOT NULL';

/** Pages whose latest revision has a Subject slot, in page id order after `afterId`, at most `limit`. */
export function listSubjectPages(db, { afterId, limit }) {
  return db.prepare(`${PAGE_SELECT} WHERE p.id > ? AND ${WITH_SUBJECT_SLOT} ORDER BY p.id LIMIT ?`).all(afterId, limit).map(toPage);
}

export function countSubjectPages(db) {
  return db.prepare(`SELECT COUNT(*) AS n FROM page p JOIN revision r ON r.id = p.latest_revision_id WHERE ${WITH_SUBJECT_SLOT}`).get().n;
}
