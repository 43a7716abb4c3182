// A SPARQL store inside the Node process, off its request thread: Oxigraph's JavaScript build
// (in-memory; it has no on-disk mode) held by a worker thread (sparql-embedded-worker.js), persisted
// as an N-Quads snapshot file that the worker replaces by an atomic rename.
//
// Every call is a message to the worker, answered in the order posted, so writes keep their order
// with reads. A query gets the tier's timeout: when it runs out the worker is terminated (the query
// stops using CPU at once) and a new one loads the snapshot and replays the writes made since it
// (kept here, in order, until a snapshot holds them), then the calls that were waiting.
//
// The snapshot is written at most `flushDelayMs` after the first change that is not yet on disk, or
// `SNAPSHOT_SPACING` times as long as the last snapshot took when that is longer, and by flush() and
// close(). A crash loses the changes of that window: persisted() tells the registry when a change is
// on disk, and only then is its pending marker cleared (docs/stores.md). While a rebuild holds the
// snapshots (holdSnapshots) none is written on a timer: the rebuild writes one at its end.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { OK, failure } from './sparql-store.js';

const SNAPSHOT = 'sparql-store.nq';
const WORKER = new URL('./sparql-embedded-worker.js', import.meta.url);
const WRITES = new Set(['replaceGraph', 'dropGraph', 'clear', 'loadBulk']);
// A snapshot dumps the whole store and holds the worker meanwhile, so its cost grows with the store.
// Spaced by a multiple of that cost, snapshots take at most a fifth of the worker's time however
// large the store is; at a fixed delay, writing a large store (a rebuild) slowed down as it grew.
const SNAPSHOT_SPACING = 4;

export class EmbeddedSparqlStore {
  #snapshot;
  #flushDelayMs;
  #lastSnapshotMs = 0;
  #worker = null;
  #nextId = 1;
  /** Calls posted and not yet answered: id → {message, resolve, timer}. */
  #waiting = new Map();
  /** Writes not yet in a snapshot, in order (all of them without a directory). */
  #journal = [];
  #timer = null;
  #dirty = false;
  #flushError = null;
  #writing = Promise.resolve();
  #version = 0;
  #savedVersion = 0;
  #waiters = [];
  #holds = 0;

  constructor(snapshot, flushDelayMs) {
    this.#snapshot = snapshot;
    this.#flushDelayMs = flushDelayMs;
    this.#spawn();
  }

  /**
   * Opens the store, loading the snapshot in `directory` when there is one. Without `directory` the
   * store lives in memory only.
   */
  static async open({ directory = null, flushDelayMs = 2000 } = {}) {
    if (directory) await mkdir(directory, { recursive: true });
    return new EmbeddedSparqlStore(directory ? join(directory, SNAPSHOT) : null, flushDelayMs);
  }

  replaceGraph(graphIri, text, format) {
    return this.#write('replaceGraph', [graphIri, text, format]);
  }

  dropGraph(graphIri) {
    return this.#write('dropGraph', [graphIri]);
  }

  clear() {
    return this.#write('clear', []);
  }

  loadBulk(text, format) {
    return this.#write('loadBulk', [text, format]);
  }

  /** Calls made at once run in the order made: one worker thread takes them one at a time. */
  get keepsCallOrder() {
    return true;
  }

  /** Runs a SELECT or ASK query; `timeoutMs` stops it (kind `unavailable`, as a store timeout). */
  query(sparql, { timeoutMs = null } = {}) {
    return this.#call('query', [sparql], timeoutMs);
  }

  /**
   * Resolves to true once a snapshot holds every change made so far (at once without a directory or
   * when it does already), false when writing it failed.
   */
  persisted() {
    const version = this.#version;
    if (!this.#snapshot || this.#savedVersion >= version) return Promise.resolve(true);
    return new Promise((resolve) => this.#waiters.push({ version, resolve }));
  }

  /** Writes the snapshot now if anything changed since the last one. */
  flush() {
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#writing = this.#writing.catch(() => {}).then(() => this.#writeSnapshot());
    return this.#writing;
  }

  /**
   * No snapshot on a timer until `releaseSnapshots`: a rebuild rewrites the whole store, and a
   * snapshot taken in its middle would dump a store that is stale until the rebuild ends anyway.
   * Changes made meanwhile (saves too) are persisted by the snapshot the release writes.
   */
  holdSnapshots() {
    this.#holds += 1;
    clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Ends a hold and writes the snapshot at once: `{ok: true}`, or the failure when it could not be. */
  async releaseSnapshots() {
    this.#holds -= 1;
    try {
      await this.flush();
      return OK;
    } catch (e) {
      return failure('unavailable', null, e.message);
    }
  }

  async close() {
    await this.flush();
    await this.#worker.terminate();
  }

  async #write(op, args) {
    const result = await this.#call(op, args, null);
    if (!result.ok || !this.#snapshot) return result;
    this.#version += 1;
    this.#dirty = true;
    // A failed write is kept in #flushError; the timer has no one to tell.
    const delay = Math.max(this.#flushDelayMs, SNAPSHOT_SPACING * this.#lastSnapshotMs);
    if (this.#holds === 0) this.#timer ??= setTimeout(() => this.flush().catch(() => {}), delay).unref();
    // A snapshot that could not be written is reported by the next change: the store goes stale.
    return this.#flushError ? failure('unavailable', null, `snapshot not written: ${this.#flushError.message}`) : OK;
  }

  #call(op, args, timeoutMs) {
    const message = { id: this.#nextId++, op, args };
    if (WRITES.has(op)) this.#journal.push(message);
    return new Promise((resolve) => {
      const timer = timeoutMs == null ? null : setTimeout(() => {
        this.#waiting.delete(message.id);
        this.#idle();
        resolve(failure('unavailable', null, `Query timed out: it ran longer than the tier allows (${timeoutMs} ms) and was stopped`));
        this.#restart();
      }, timeoutMs);
      this.#waiting.set(message.id, { message, resolve, timer });
      this.#worker.ref();
      this.#worker.postMessage(message);
    });
  }

  #spawn() {
    const worker = new Worker(WORKER, { workerData: { snapshot: this.#snapshot } });
    worker.on('message', ({ id, result }) => {
      if (id === 0) this.#flushError = new Error(result.detail);
      const call = this.#waiting.get(id);
      if (!call) return; // a replayed write answered a second time
      this.#waiting.delete(id);
      clearTimeout(call.timer);
      call.resolve(result);
      this.#idle();
    });
    worker.on('error', (e) => {
      if (worker !== this.#worker) return;
      for (const [id, call] of this.#waiting) {
        if (WRITES.has(call.message.op)) continue;
        this.#waiting.delete(id);
        clearTimeout(call.timer);
        call.resolve(failure('internal', null, `the store's thread failed: ${e.message}`));
      }
      this.#restart();
    });
    this.#worker = worker;
    this.#idle();
  }

  // The thread keeps the process alive only while a call waits for it.
  #idle() {
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  // A new thread from the snapshot, then every write since it and every call still waiting, in order.
  #restart() {
    this.#worker.terminate().catch(() => {});
    this.#spawn();
    const replay = new Map(this.#journal.map((m) => [m.id, m]));
    for (const { message } of this.#waiting.values()) replay.set(message.id, message);
    for (const id of [...replay.keys()].sort((a, b) => a - b)) this.#worker.postMessage(replay.get(id));
  }

  async #writeSnapshot() {
    if (!this.#dirty || !this.#snapshot) return;
    this.#dirty = false;
    const version = this.#version;
    const upTo = this.#nextId - 1;
    const started = performance.now();
    const result = await this.#call('snapshot', [], null);
    this.#lastSnapshotMs = performance.now() - started;
    if (!result.ok) {
      this.#dirty = true;
      this.#flushError = new Error(result.detail);
      this.#settle(() => true, false);
      throw this.#flushError;
    }
    this.#journal = this.#journal.filter((m) => m.id > upTo);
    this.#flushError = null;
    this.#savedVersion = version;
    this.#settle((w) => w.version <= version, true);
  }

  #settle(which, outcome) {
    const done = this.#waiters.filter(which);
    this.#waiters = this.#waiters.filter((w) => !which(w));
    for (const w of done) w.resolve(outcome);
  }
}
