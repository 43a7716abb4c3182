// Store states and rebuild runs, kept in SQLite so they survive restarts (docs/stores.md has the
// states, the run fields and their transitions).
import { timestamp } from '../src/clock.js';

export const ACTIVE = ['queued', 'running'];

const RUN_COLUMNS = `id, store, state, requested_by AS requestedBy, queued_at AS queuedAt, started_at AS startedAt,
  finished_at AS finishedAt, total, processed, failed, error`;

export function storeState(db, name) {
  return db.prepare('SELECT state, reason, changed_at AS changedAt FROM store_state WHERE name = ?').get(name)
    ?? { state: 'never-built', reason: null, changedAt: null };
}

function setState(db, name, state, reason = null) {
  db.prepare(`INSERT INTO store_state (name, state, reason, changed_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET state = excluded.state, reason = excluded.reason, changed_at = excluded.changed_at`)
    .run(name, state, reason, timestamp());
}

/** A store that missed an update is stale; one never built stays never-built. */
export function markStale(db, name, reason) {
  if (storeState(db, name).state !== 'never-built') setState(db, name, 'stale', reason);
}

export function markInSync(db, name) {
  setState(db, name, 'in-sync');
}

/** The id of the build last written into the store (null when none was), and recording one. */
export function contentMarker(db, name) {
  return db.prepare('SELECT content_marker FROM store_state WHERE name = ?').pluck().get(name) ?? null;
}

export function setContentMarker(db, name, marker) {
  db.prepare('UPDATE store_state SET content_marker = ? WHERE name = ?').run(marker, name);
}

export function run(db, id) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE id = ?`).get(id) ?? null;
}

export function activeRun(db, store) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE store = ? AND state IN ('queued', 'running') ORDER BY id LIMIT 1`).get(store) ?? null;
}

export function lastSuccessfulRun(db, store) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE store = ? AND state = 'succeeded' ORDER BY id DESC LIMIT 1`).get(store) ?? null;
}

/** The oldest queued run of any store, or null. */
export function nextQueued(db) {
  return db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE state = 'queued' ORDER BY id LIMIT 1`).get() ?? null;
}

/** Queues a run unless one is active: `{outcome: "queued" | "active", run}`. */
export function queueRun(db, store, requestedBy) {
  return db.transaction(() => {
    const active = activeRun(db, store);
    if (active) return { outcome: 'active', run: active };
    const { lastInsertRowid } = db.prepare('INSERT INTO rebuild_run (store, state, requested_by, queued_at) VALUES (?, ?, ?, ?)')
      .run(store, 'queued', requestedBy, timestamp());
    return { outcome: 'queued', run: run(db, lastInsertRowid) };
  }).immediate();
}

/** queued → running; false when the run is no longer queued (cancelled meanwhile). */
export function startRun(db, id, total) {
  return db.prepare("UPDATE rebuild_run SET state = 'running', started_at = ?, total = ? WHERE id = ? AND state = 'queued'")
    .run(timestamp(), total, id).changes === 1;
}

/** Progress of a running run; false when it was cancelled meanwhile. */
export function recordProgress(db, id, processed, failed) {
  return db.prepare("UPDATE rebuild_run SET processed = ?, failed = ? WHERE id = ? AND state = 'running'")
    .run(processed, failed, id).changes === 1;
}

/** running → succeeded | failed; nothing when the run was cancelled meanwhile. */
export function finishRun(db, id, state, error = null) {
  db.prepare("UPDATE rebuild_run SET state = ?, finished_at = ?, error = ? WHERE id = ? AND state = 'running'")
    .run(state, timestamp(), error, id);
}

/** queued or running → cancelled: the cancelled run, or null when none was active. */
export function cancelRun(db, store) {
  return db.transaction(() => {
    const active = activeRun(db, store);
    if (!active) return null;
    db.prepare("UPDATE rebuild_run SET state = 'cancelled', finished_at = ? WHERE id = ?").run(timestamp(), active.id);
    return run(db, active.id);
  }).immediate();
}

/**
 * At startup: a run left `running` by a crash or a stop is failed (not re-queued: the run may be
 * what brought the process down). Its store was half rebuilt, so it is stale, or never-built when it
 * had never been built. Answers the runs failed.
 */
export function failInterruptedRuns(db) {
  const interrupted = db.prepare(`SELECT ${RUN_COLUMNS} FROM rebuild_run WHERE state = 'running'`).all();
  for (const r of interrupted) {
    db.prepare("UPDATE rebuild_run SET state = 'failed', finished_at = ?, error = ? WHERE id = ?")
      .run(timestamp(), 'interrupted: the server stopped during the run', r.id);
    markStale(db, r.store, `rebuild run ${r.id} was interrupted`);
  }
  return interrupted;
}
