// The worker thread of page-preparer.js: its own instance of the core, answering each message with
// `preparePages` of its batch (JSON text in, JSON text out), in the order the batches came.
import { parentPort } from 'node:worker_threads';
import { loadCore } from '../src/loader.js';

const core = await loadCore();
parentPort.on('message', ({ id, pagesJson, schemasJson, options }) => {
  try {
    parentPort.postMessage({ id, result: core.preparePages(pagesJson, schemasJson, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
