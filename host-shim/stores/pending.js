// Pending-projection markers: a committed save says, in its own SQLite transaction, that each
// configured store still has to take its projection; a store's acknowledgement clears the marker.
// A marker left at start-up means the process stopped in between, so that store is stale
// (docs/stores.md, "Store states").
import { prepared } from '../src/prepared.js';

/** In the saving transaction: `pageId` at `revisionId` is pending in every store of `stores`. */
export function markPending(db, stores, pageId, revisionId) {
  for (const store of stores) {
    prepared(db, `INSERT INTO projection_pending (store, page_id, revision_id) VALUES (?, ?, ?)
      ON CONFLICT (store, page_id) DO UPDATE SET revision_id = max(revision_id, excluded.revision_id)`)
      .run(store, pageId, revisionId);
  }
}

/**
 * The store acknowledged `pages` (`{pageId, revisionId}`, revisionId null for a deleted page): their
 * markers up to that revision go; a later save's marker stays until its own acknowledgement.
 */
export function clearPending(db, store, pages) {
  const upTo = prepared(db, 'DELETE FROM projection_pending WHERE store = ? AND page_id = ? AND revision_id <= ?');
  const all = prepared(db, 'DELETE FROM projection_pending WHERE store = ? AND page_id = ?');
  db.transaction(() => {
    for (const { pageId, revisionId } of pages) {
      if (revisionId == null) all.run(store, pageId);
      else upTo.run(store, pageId, revisionId);
    }
  })();
}

/** A rebuild that read every page from `revisionId` on covers the markers up to it. */
export function clearPendingBefore(db, store, revisionId) {
  prepared(db, 'DELETE FROM projection_pending WHERE store = ? AND revision_id <= ?').run(store, revisionId);
}

/** The newest revision id of the wiki (0 when there is none). */
export function latestRevisionId(db) {
  return prepared(db, 'SELECT coalesce(max(id), 0) AS id FROM revision').get().id;
}

/** How many pages each store has pending: `{store: count}`. */
export function pendingCounts(db) {
  const rows = prepared(db, 'SELECT store, count(*) AS n FROM projection_pending GROUP BY store').all();
  return Object.fromEntries(rows.map((r) => [r.store, r.n]));
}
