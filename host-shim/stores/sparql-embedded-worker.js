// The thread that holds the embedded SPARQL store (sparql-embedded.js): it loads the snapshot, then
// answers the messages of its owner one at a time, in the order they were posted, so writes and
// reads keep their order. A query that runs too long is stopped by terminating this thread.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import oxigraph from 'oxigraph';
import { N_QUADS, N_TRIPLES, OK, RESULTS_JSON, TRIG, checkGraphIri, failure, pageTriples } from './sparql-store.js';

const store = new oxigraph.Store();
// A snapshot that cannot be read leaves the store empty and is reported (message id 0).
if (workerData.snapshot) {
  try {
    store.load(readFileSync(workerData.snapshot, 'utf8'), { format: N_QUADS });
  } catch (e) {
    if (e.code !== 'ENOENT') parentPort.postMessage({ id: 0, result: failure('unavailable', null, `snapshot not loaded: ${e.message}`) });
  }
}

const OPS = {
  replaceGraph(graphIri, text, format = TRIG) {
    const page = pageTriples(graphIri, text, format);
    if (!page.ok) return page;
    store.update(`DROP SILENT GRAPH <${graphIri}>`);
    store.load(page.triples, { format: N_TRIPLES, to_graph_name: oxigraph.namedNode(graphIri) });
    return OK;
  },
  dropGraph(graphIri) {
    const bad = checkGraphIri(graphIri);
    if (bad) return bad;
    store.update(`DROP SILENT GRAPH <${graphIri}>`);
    return OK;
  },
  clear() {
    store.update('DROP ALL');
    return OK;
  },
  loadBulk(text, format = TRIG) {
    try {
      store.load(text, { format });
    } catch (e) {
      return failure('syntax', null, e.message);
    }
    return OK;
  },
  query(sparql) {
    try {
      const body = store.query(sparql, { results_format: RESULTS_JSON, use_default_graph_as_union: true });
      return { ok: true, contentType: RESULTS_JSON, body };
    } catch (e) {
      // What Oxigraph threw goes on as it came, with no status: the core reads it (src/sparql/answer.rs).
      return failure('errorReply', null, e.message);
    }
  },
  /** Writes the snapshot to a temporary file, syncs it, and renames it over the old one. */
  snapshot() {
    const temporary = `${workerData.snapshot}.tmp`;
    try {
      const file = openSync(temporary, 'w');
      try {
        writeSync(file, store.dump({ format: N_QUADS }));
        fsyncSync(file);
      } finally {
        closeSync(file);
      }
      renameSync(temporary, workerData.snapshot);
      return OK;
    } catch (e) {
      return failure('unavailable', null, `snapshot not written: ${e.message}`);
    }
  },
};

parentPort.on('message', ({ id, op, args }) => {
  let result;
  try {
    result = OPS[op](...args);
  } catch (e) {
    result = failure('internal', null, e.message);
  }
  parentPort.postMessage({ id, result });
});
