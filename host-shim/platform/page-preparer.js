// The core's `preparePages` on a worker thread, for a bulk import: the worker normalizes the next batch
// while the import writes the one before into SQLite, so the two halves of an import share the
// machine's cores instead of taking turns.
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./page-preparer-worker.js', import.meta.url);

/** `{prepare(pagesJson, schemasJson, options): Promise<string>, close()}`. */
export function startPagePreparer() {
  const worker = new Worker(WORKER);
  const waiting = new Map();
  let nextId = 1;
  const failAll = (error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, result, error }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) call.reject(new Error(`preparePages: ${error}`));
    else call.resolve(result);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the page preparer stopped (exit code ${code})`)));
  return {
    prepare(pagesJson, schemasJson, options) {
      const id = nextId++;
      const answer = new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, pagesJson, schemasJson, options });
      return answer;
    },
    close: () => worker.terminate(),
  };
}
