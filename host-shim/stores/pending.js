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
 * markers up to that revision go; a later save's marker stays until its own acknowledgement. The
 * acknowledgements of one turn of the event loop (every store, every save) share one transaction, so
 * they cost one commit and one fsync, not one each; a save group committing first takes them into its
 * own (`runQueuedClears`). Resolves once committed.
 */
export function clearPending(db, store, pages) {
  let waiting = clearsByDb.get(db);
  if (!waiting) {
    waiting = [];
    clearsByDb.set(db, waiting);
  }
  return new Promise((resolve, reject) => {
    waiting.push({ store, pages, resolve, reject });
    // One turn later, so that a save group scheduled in the same turn runs first and takes them.
    if (waiting.length === 1) setImmediate(() => setImmediate(() => commitClears(db, waiting)));
  });
}

const clearsByDb = new WeakMap();

function commitClears(db, waiting) {
  if (waiting.length === 0) return; // a save group took them into its transaction
  let settle = () => {};
  try {
    db.transaction(() => {
      settle = runQueuedClears(db);
    })();
  } catch (error) {
    settle(error);
    return;
  }
  settle();
}

/**
 * Inside a transaction that is about to commit (a save group's): runs the clears queued so far and
 * answers `settle(error?)`, to be called after the COMMIT (or with the error that undid it: the
 * markers then stay, and say at the next start that the store may miss those saves).
 */
export function runQueuedClears(db) {
  const clears = (clearsByDb.get(db) ?? []).splice(0);
  if (clears.length === 0) return () => {};
  const upTo = prepared(db, 'DELETE FROM projection_pending WHERE store = ? AND page_id = ? AND revision_id <= ?');
  const all = prepared(db, 'DELETE FROM projection_pending WHERE store = ? AND page_id = ?');
  try {
    for (const { store, pages } of clears) {
      for (const { pageId, revisionId } of pages) {
        if (revisionId == null) all.run(store, pageId);
        else upTo.run(store, pageId, revisionId);
      }
    }
  } catch (error) {
    // Not the transaction's failure: the saves beside these clears still commit.
    clears.forEach(({ reject }) => reject(error));
    return () => {};
  }
  return (error) => clears.forEach(({ resolve, reject }) => (error ? reject(error) : resolve()));
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
