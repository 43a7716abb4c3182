// The bulk path for loading many Subject pages into a new wiki: batches of pages are normalized and
// indexed by the core in one call (`preparePages`, the same index-row code as a save, on a worker
// thread: page-preparer.js) and written in one transaction per batch by the ordinary save code.
// Schemas are saved first, one page action each. Stores are not fed: each configured store is marked
// stale and is brought up to date by a rebuild.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { maintenanceCaller } from './auth/caller.js';
import { timestamp } from '../src/clock.js';
import { ImportError } from './import.js';
import { authorOf } from './ops.js';
import { NS_MAIN, NS_SCHEMA, normalizeTitle } from './pages/namespaces.js';
import { editPage } from './pages/page-actions.js';
import { buildDeferredIndexes, deferIndexes } from './storage/deferred-indexes.js';
import { startPagePreparer } from './page-preparer.js';
import { savePages } from './storage/page-writes.js';
import { storeEvent } from '../stores/runs.js';

export const DEFAULT_BATCH = 500;

/** Saves each Schema as a page (`schemas`: `{name: Schema}`) through the core's page action. */
export async function saveSchemas(host, schemas) {
  const caller = maintenanceCaller(host.config);
  for (const [name, schema] of Object.entries(schemas)) {
    const result = await editPage({ ...host, caller }, {
      namespace: NS_SCHEMA, title: normalizeTitle(name), slot: 'main', text: JSON.stringify(schema), summary: 'Bulk import',
      baseRevisionId: null, createOnly: false, noCreate: false,
    });
    if (!result.ok) throw new ImportError(`Schema:${name}: ${result.error.code}: ${result.error.info}`);
  }
}

/**
 * Imports `pages` (an iterable of `{title, content}`, content the Subject slot) as new main-namespace
 * pages, `batch` pages per transaction. `schemas` are the Schemas the Subjects use, by name. Resolves
 * to `{pages, subjects, failed: [{title, error}], indexSeconds}`; a title that exists already fails its
 * whole batch. Into a wiki without Subjects the indexes are built after the load (`indexSeconds`).
 */
export async function bulkImportPages({ db, config, core }, { pages, schemas, batch = DEFAULT_BATCH, onBatch = () => {} }) {
  if (typeof core?.preparePages !== 'function') throw new ImportError('the core has no preparePages export: build it first');
  const author = authorOf(maintenanceCaller(config));
  const schemasJson = JSON.stringify(schemas);
  const options = { sourceKey: config.sourceKey };
  const totals = { pages: 0, subjects: 0, failed: [], indexSeconds: 0 };
  const write = (input, prepared) => {
    const saves = [];
    prepared.forEach((page, i) => {
      if (page.error) {
        totals.failed.push({ title: input[i].title, error: page.error });
        return;
      }
      saves.push({
        pageId: null, namespace: NS_MAIN, title: input[i].title, baseRevisionId: null, createOnly: true,
        comment: 'Bulk import', contentModel: 'wikitext', mainSlot: '', subjectSlot: page.subjectSlot, index: page.index,
      });
      totals.subjects += page.index.subjects.length;
    });
    const outcome = savePages(db, saves, author, timestamp());
    if (!outcome.ok) {
      const title = saves[outcome.index].title;
      throw new ImportError(`${title}: ${outcome.conflict}; the batch of ${saves.length} pages was not saved`);
    }
    totals.pages += saves.length;
    // The bulk path projects nothing: every store misses these pages until it is rebuilt.
    for (const name of Object.keys(config.stores ?? {})) storeEvent(db, name, { event: 'bulkImported' });
    onBatch(totals);
  };
  // One batch is prepared on the worker while the one before is written here.
  const preparer = startPagePreparer();
  let inFlight = null;
  const send = (batchPages) => {
    const input = batchPages.map(({ title, content }) => ({ title: normalizeTitle(title), content }));
    const answer = preparer.prepare(JSON.stringify(input), schemasJson, options);
    answer.catch(() => {}); // awaited below; a failure while an earlier batch is written is not unhandled
    return { input, answer };
  };
  const writeInFlight = async (next) => {
    if (inFlight) write(inFlight.input, JSON.parse(await inFlight.answer).pages);
    inFlight = next;
  };
  // Into an empty wiki the indexes are built once after the load, not kept row by row.
  const deferred = deferIndexes(db);
  try {
    let pending = [];
    for (const page of pages) {
      pending.push(page);
      if (pending.length < batch) continue;
      await writeInFlight(send(pending));
      pending = [];
    }
    await writeInFlight(pending.length > 0 ? send(pending) : null);
    await writeInFlight(null);
  } finally {
    await preparer.close();
    const started = Date.now();
    buildDeferredIndexes(db);
    if (deferred) totals.indexSeconds = (Date.now() - started) / 1000;
  }
  return totals;
}

/**
 * A folder's Schema/ files, by name, and its Subject/ files as pages (title from the file name, read
 * one at a time as the import asks for them).
 */
export function readFolder(dir) {
  if (!existsSync(dir)) throw new ImportError(`no such folder: ${dir}`);
  function* files(folder) {
    const path = join(dir, folder);
    if (!existsSync(path)) return;
    for (const file of readdirSync(path).filter((f) => f.endsWith('.json')).sort()) {
      yield { title: basename(file, '.json').replace(/_/g, ' '), content: JSON.parse(readFileSync(join(path, file), 'utf8')) };
    }
  }
  const schemas = Object.fromEntries([...files('Schema')].map(({ title, content }) => [title, content]));
  return { schemas, pages: files('Subject') };
}
