import { prepared } from '../../src/prepared.js';
import { checkedTitle, defaultContentModel, prefixedTitle } from '../pages/namespaces.js';
import { findPageById, findPageByTitle } from './pages.js';
import { clearPageIndex, replacePageIndex } from './subject-index.js';
import { markPending } from '../../stores/pending.js';

class Conflict extends Error {
  constructor(conflict, index) {
    super(conflict);
    this.conflict = conflict;
    this.index = index;
  }
}

/**
 * Commits a batch of PageSaves in one transaction, or none of them. `author` is `{userId, name}`.
 * `pendingStores`: the stores whose projection of these pages is now pending (markers written in
 * the same transaction). `validatedAgainst`: the Schema pages the core checked the saves against,
 * `{namespace, title, revisionId}` (null: absent), each of which must still be so in this
 * transaction, or the answer is `edit-conflict` without an index. Returns `{ok: true, results}` or
 * `{ok: false, conflict, index}`; a malformed save throws and commits nothing.
 */
export function savePages(db, saves, author, timestamp, pendingStores = [], validatedAgainst = []) {
  try {
    const results = db.transaction(() => {
      if (!validatedAgainst.every((page) => latestRevision(db, page) === (page.revisionId ?? null))) {
        throw new Conflict('edit-conflict');
      }
      return saves.map((save, index) => {
        const saved = saveOne(db, save, index, author, timestamp);
        markPending(db, pendingStores, saved.pageId, saved.revisionId);
        return saved;
      });
    })();
    return { ok: true, results };
  } catch (error) {
    if (error instanceof Conflict) return { ok: false, conflict: error.conflict, index: error.index };
    throw error;
  }
}

/** A page's latest revision ID, or null when there is no such page. */
function latestRevision(db, { namespace, title }) {
  const row = prepared(db, 'SELECT latest_revision_id FROM page WHERE namespace = ? AND title = ?').get(namespace, title);
  return row?.latest_revision_id ?? null;
}

function saveOne(db, save, index, author, timestamp) {
  const title = checkedTitle(save.namespace, save.title);
  const page = save.pageId != null ? findPageById(db, save.pageId) : findPageByTitle(db, save.namespace, title);
  if (save.baseRevisionId == null || save.createOnly) {
    if (findPageByTitle(db, save.namespace, title)) throw new Conflict('title-exists', index);
  } else if (!page || page.latestRevisionId !== save.baseRevisionId) {
    throw new Conflict('edit-conflict', index);
  }

  const contentModel = save.contentModel ?? page?.contentModel ?? defaultContentModel(save.namespace, title);
  const pageId = page?.pageId ?? Number(prepared(db, 
    'INSERT INTO page (namespace, title, content_model, created_at) VALUES (?, ?, ?, ?)',
  ).run(save.namespace, title, contentModel, timestamp).lastInsertRowid);

  const revisionId = Number(prepared(db, `
    INSERT INTO revision (page_id, timestamp, user_id, user_name, comment, content_model, main_slot, subject_slot)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
    pageId, timestamp, author.userId, author.name, save.comment ?? '', contentModel,
    save.mainSlot ?? page?.mainSlot ?? null,
    save.subjectSlot ?? page?.subjectSlot ?? null,
  ).lastInsertRowid);
  prepared(db, 'UPDATE page SET latest_revision_id = ?, content_model = ? WHERE id = ?').run(revisionId, contentModel, pageId);

  if (save.index) {
    replacePageIndex(db, { pageId, pageTitle: prefixedTitle(save.namespace, title), revisionId, timestamp, index: save.index, newPage: !page });
  }
  return { pageId, revisionId, timestamp };
}

/**
 * Deletes a live page: archives it, hides its revisions (they stay stored) and drops its index rows, in one
 * transaction, with the pending markers of `pendingStores`. `baseRevisionId` null deletes whatever the
 * latest revision is.
 */
export function deletePage(db, { pageId, baseRevisionId = null, comment = '' }, author, timestamp, pendingStores = []) {
  return db.transaction(() => {
    const page = findPageById(db, pageId);
    if (!page) return { ok: false, conflict: 'missing' };
    if (baseRevisionId != null && page.latestRevisionId !== baseRevisionId) return { ok: false, conflict: 'edit-conflict' };
    const logId = Number(prepared(db, `
      INSERT INTO archived_page (page_id, namespace, title, content_model, created_at, latest_revision_id,
        deleted_at, deleted_by, reason)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      page.pageId, page.namespace, page.title, page.contentModel, page.created, page.latestRevisionId,
      timestamp, author.name, comment,
    ).lastInsertRowid);
    clearPageIndex(db, page.pageId);
    markPending(db, pendingStores, page.pageId, page.latestRevisionId);
    prepared(db, 'DELETE FROM page WHERE id = ?').run(page.pageId);
    return { ok: true, logId };
  })();
}
