// Store states and rebuild runs, kept in SQLite so they survive restarts. The rules are the core's
// (`storeLifecycle`, `storeEvent`; docs/stores.md, "Store states and rebuild runs"): this file keeps
// the rows. A store's state moves only through `storeEvent`, which reads its row, asks the core for
// the status after the event and writes it; a run's record moves only through the core's table of
// run moves, each one conditional update.
import { timestamp } from '../src/clock.js';
import { loadCore } from '../src/loader.js';

const core = await loadCore();
/** The core's table: `neverBuilt`, `checkContentIn`, `activeRuns`, `runMoves: {move: {from, to}}`, `interrupted`. */
export const LIFECYCLE = core.storeLifecycle();
const MOVES = LIFECYCLE.runMoves;
const inList = (states) => `(${states.map((s) => `'${s}'`).join(', ')})`;

const RUN_COLUMNS = `id, store, state, requested_by AS requestedBy, queued_at AS queuedAt, started_at AS startedAt,
  finished_at AS finishedAt, total, processed, failed, error`;
const STATE_COLUMNS = 'state, reason, content_marker AS marker';

/** `{state, reason, marker, changedAt}` of a store (the core's `neverBuilt` when it has no row). */
export function storeState(db, name) {
  return db.prepare(`SELECT ${STATE_COLUMNS}, changed_at AS changedAt FROM store_state WHERE name = ?`).get(name)
    ?? { ...LIFECYCLE.neverBuilt, changedAt: null };
}

/**
 * What happened to store `name` (`{event, ...}`, the core's `StoreEvent`: `stale`, `updateFailed`,
 * `missedDuringRun`, `built`, `contentChecked`, `pendingLeft`, `runInterrupted`, `bulkImported`): its
 * status moves as the core says. Answers the new status, or null when it did not change.
 */
export function storeEvent(db, name, event) {
  const row = db.prepare(`SELECT ${STATE_COLUMNS} FROM store_state WHERE name = ?`).get(name);
  const next = JSON.parse(core.storeEvent(row ? JSON.stringify(row) : undefined, JSON.stringify(event)));
  if (next) {
    db.prepare(`INSERT INTO store_state (name, state, reason, content_marker, changed_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET state = excluded.state, reason = excluded.reason,
      content_marker = excluded.content_marker, changed_at = excluded.changed_at`)
      .run(name, next.state, next.reason, next.marker, timestamp());
  }
  return next;
}

export function run(db, id) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE id = ?`).get(id) ?? null;
}

export function activeRun(db, store) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE store = ? AND state IN ${inList(LIFECYCLE.activeRuns)} ORDER BY id LIMIT 1`).get(store) ?? null;
}

export function lastSuccessfulRun(db, store) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE store = ? AND state = ? ORDER BY id DESC LIMIT 1`).get(store, MOVES.succeed.to) ?? null;
}

/** The oldest queued run of any store, or null. */
export function nextQueued(db) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE state IN ${inList(MOVES.start.from)} ORDER BY id LIMIT 1`).get() ?? null;
}

/** Queues a run unless one is active: `{outcome: "queued" | "active", run}`. */
export function queueRun(db, store, requestedBy) {
  return db.transaction(() => {
    const active = activeRun(db, store);
    if (active) return { outcome: 'active', run: active };
    const { lastInsertRowid } = db.prepare('INSERT INTO rebuild_run (store, state, requested_by, queued_at) VALUES (?, ?, ?, ?)')
      .run(store, MOVES.queue.to, requestedBy, timestamp());
    return { outcome: 'queued', run: run(db, lastInsertRowid) };
  }).immediate();
}

/**
 * Move `name` of the core's table on run `id`, setting `set` (`{column: value}`) too: made only when
 * the run is in one of the move's `from` states; false when it was not.
 */
function move(db, id, name, set = {}) {
  const { from, to } = MOVES[name];
  const columns = Object.keys(set).map((c) => `, ${c} = ?`).join('');
  return db.prepare(`UPDATE rebuild_run SET state = ?${columns} WHERE id = ? AND state IN ${inList(from)}`)
    .run(to, ...Object.values(set), id).changes === 1;
}

/** The worker takes queued run `id`; false when it is no longer queued (cancelled meanwhile). */
export function startRun(db, id, total) {
  return move(db, id, 'start', { started_at: timestamp(), total });
}

/** Progress of a running run; false when it was cancelled meanwhile. */
export function recordProgress(db, id, processed, failed) {
  return move(db, id, 'progress', { processed, failed });
}

export function succeedRun(db, id) {
  move(db, id, 'succeed', { finished_at: timestamp() });
}

export function failRun(db, id, error) {
  move(db, id, 'fail', { finished_at: timestamp(), error });
}

/** Cancels the active run of `store`: the cancelled run, or null when none was active. */
export function cancelRun(db, store) {
  return db.transaction(() => {
    const active = activeRun(db, store);
    if (!active) return null;
    move(db, active.id, 'cancel', { finished_at: timestamp() });
    return run(db, active.id);
  }).immediate();
}

/**
 * At start-up: each run left running by a crash or a stop moves by the core's `interrupt` (failed,
 * not queued again), and its store gets `runInterrupted`. Answers the runs moved.
 */
export function failInterruptedRuns(db) {
  const interrupted = db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE state IN ${inList(MOVES.interrupt.from)}`).all();
  for (const r of interrupted) {
    move(db, r.id, 'interrupt', { finished_at: timestamp(), error: LIFECYCLE.interrupted });
    storeEvent(db, r.store, { event: 'runInterrupted', runId: r.id });
  }
  return interrupted;
}
