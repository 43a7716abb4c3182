// A SPARQL store inside the Node process: Oxigraph's JavaScript build (in-memory; it has no on-disk
// mode), persisted as an N-Quads snapshot file that is replaced by an atomic rename.
//
// The snapshot is written at most `flushDelayMs` after the first change that is not yet on disk, and
// by flush() and close(). A crash loses the changes of that window; the store is a projection, so a
// rebuild restores it. Queries run synchronously on the caller's thread and cannot be interrupted:
// `timeoutMs` is not enforced here (docs/stores.md).
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import oxigraph from 'oxigraph';
import { N_QUADS, N_TRIPLES, OK, RESULTS_JSON, TRIG, checkGraphIri, failure, pageTriples } from './sparql-store.js';

const SNAPSHOT = 'sparql-store.nq';
// Oxigraph's SPARQL parser reports "error at LINE:COLUMN: ..."; anything else thrown by a query is a
// failure during evaluation.
const PARSE_ERROR = /^error at \d+:\d+/;

export class EmbeddedSparqlStore {
  #store;
  #directory;
  #flushDelayMs;
  #timer = null;
  #dirty = false;
  #flushError = null;
  #writing = Promise.resolve();
  #version = 0;
  #savedVersion = 0;
  #waiters = [];

  constructor(store, directory, flushDelayMs) {
    this.#store = store;
    this.#directory = directory;
    this.#flushDelayMs = flushDelayMs;
  }

  /**
   * Opens the store, loading the snapshot in `directory` when there is one. Without `directory` the
   * store lives in memory only.
   */
  static async open({ directory = null, flushDelayMs = 2000 } = {}) {
    const store = new oxigraph.Store();
    if (directory) {
      await mkdir(directory, { recursive: true });
      const snapshot = await readFile(join(directory, SNAPSHOT), 'utf8').catch((e) => {
        if (e.code === 'ENOENT') return '';
        throw e;
      });
      if (snapshot) store.load(snapshot, { format: N_QUADS });
    }
    return new EmbeddedSparqlStore(store, directory, flushDelayMs);
  }

  async replaceGraph(graphIri, text, format = TRIG) {
    const page = pageTriples(graphIri, text, format);
    if (!page.ok) return page;
    // The text is checked and the rest does not yield, so no reader sees a half-replaced graph.
    this.#store.update(`DROP SILENT GRAPH <${graphIri}>`);
    this.#store.load(page.triples, { format: N_TRIPLES, to_graph_name: oxigraph.namedNode(graphIri) });
    return this.#changed();
  }

  async dropGraph(graphIri) {
    const bad = checkGraphIri(graphIri);
    if (bad) return bad;
    this.#store.update(`DROP SILENT GRAPH <${graphIri}>`);
    return this.#changed();
  }

  async clear() {
    this.#store.update('DROP ALL');
    return this.#changed();
  }

  async loadBulk(text, format = TRIG) {
    try {
      this.#store.load(text, { format });
    } catch (e) {
      return failure('syntax', null, e.message);
    }
    return this.#changed();
  }

  async query(sparql, _options = {}) {
    try {
      const body = this.#store.query(sparql, { results_format: RESULTS_JSON, use_default_graph_as_union: true });
      return { ok: true, contentType: RESULTS_JSON, body };
    } catch (e) {
      return failure(PARSE_ERROR.test(e.message) ? 'syntax' : 'internal', null, e.message);
    }
  }

  /**
   * Resolves to true once a snapshot holds every change made so far (at once without a directory or
   * when it does already), false when writing it failed.
   */
  persisted() {
    const version = this.#version;
    if (!this.#directory || this.#savedVersion >= version) return Promise.resolve(true);
    return new Promise((resolve) => this.#waiters.push({ version, resolve }));
  }

  /** Writes the snapshot now if anything changed since the last one. */
  flush() {
    clearTimeout(this.#timer);
    this.#timer = null;
    // One write at a time: two writers would share the temporary file.
    this.#writing = this.#writing.catch(() => {}).then(() => this.#writeSnapshot());
    return this.#writing;
  }

  async close() {
    await this.flush();
  }

  async #writeSnapshot() {
    if (!this.#dirty) return;
    this.#dirty = false;
    const version = this.#version;
    const text = this.#store.dump({ format: N_QUADS });
    const target = join(this.#directory, SNAPSHOT);
    const temporary = `${target}.tmp`;
    try {
      const file = await open(temporary, 'w');
      try {
        await file.writeFile(text);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
      this.#flushError = null;
      this.#savedVersion = version;
      this.#settle((w) => w.version <= version, true);
    } catch (e) {
      this.#dirty = true;
      this.#flushError = e;
      this.#settle(() => true, false);
      throw e;
    }
  }

  #settle(which, outcome) {
    const done = this.#waiters.filter(which);
    this.#waiters = this.#waiters.filter((w) => !which(w));
    for (const w of done) w.resolve(outcome);
  }

  // A change is applied in memory at once; the snapshot follows. A snapshot that could not be written
  // is reported by the next change, so the host marks the store stale.
  #changed() {
    if (!this.#directory) return OK;
    this.#version += 1;
    this.#dirty = true;
    // A failed write is kept in #flushError; the timer has no one to tell.
    this.#timer ??= setTimeout(() => this.flush().catch(() => {}), this.#flushDelayMs).unref();
    return this.#flushError ? failure('unavailable', null, `snapshot not written: ${this.#flushError.message}`) : OK;
  }
}
