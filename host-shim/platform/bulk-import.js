// The bulk path for loading many Subject pages into a new wiki: batches of pages are normalized and
// indexed by the core in one call (`preparePages`, the same index-row code as a save, on a worker
// thread: page-preparer.js) and written in one transaction per batch by the ordinary save code,
// which checks that the Schemas each batch was prepared with are still the wiki's. Schemas are saved
// first, one page action each. Stores are not fed: each configured store is marked
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
import { allSchemasAt } from './rdf/projection-pages.js';
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
 * pages, `batch` pages per transaction, prepared with the wiki's Schema pages (saved before,
 * `saveSchemas`). Each batch's transaction checks that those Schemas are still at the revisions the
 * batch was prepared with, and that the Schemas its pages name that did not exist still do not
 * (`savePages`' `validatedAgainst`); when one is not, the Schemas are read again and the batch is
 * prepared again. Resolves to `{pages, subjects, failed: [{title, error}],
 * indexSeconds, preparedAgain}`; a title that exists already fails its whole batch. Into a wiki
 * without Subjects the indexes are built after the load (`indexSeconds`).
 */
export async function bulkImportPages({ db, config, core }, { pages, batch = DEFAULT_BATCH, onBatch = () => {} }) {
  if (typeof core?.preparePages !== 'function') throw new ImportError('the core has no preparePages export: build it first');
  const author = authorOf(maintenanceCaller(config));
  const options = { sourceKey: config.sourceKey };
  const totals = { pages: 0, subjects: 0, failed: [], indexSeconds: 0, preparedAgain: 0 };
  let schemas = wikiSchemas(db);
  /** Writes a prepared batch; false when a Schema changed since it was prepared (nothing written). */
  const write = ({ input, read }, { pages: prepared, absentSchemas = [] }) => {
    const saves = [];
    const failed = [];
    prepared.forEach((page, i) => {
      if (page.error) {
        failed.push({ title: input[i].title, error: page.error });
        return;
      }
      saves.push({
        pageId: null, namespace: NS_MAIN, title: input[i].title, baseRevisionId: null, createOnly: true,
        comment: 'Bulk import', contentModel: 'wikitext', mainSlot: '', subjectSlot: page.subjectSlot, index: page.index,
      });
    });
    // Prepared without the Schemas it names that did not exist: committed only while they still do not.
    const absent = absentSchemas.map((title) => ({ namespace: NS_SCHEMA, title, revisionId: null }));
    const outcome = savePages(db, saves, author, timestamp(), [], [...read.versions, ...absent]);
    if (!outcome.ok && outcome.index === undefined) return false;
    if (!outcome.ok) {
      const title = saves[outcome.index].title;
      throw new ImportError(`${title}: ${outcome.conflict}; the batch of ${saves.length} pages was not saved`);
    }
    totals.pages += saves.length;
    totals.subjects += saves.reduce((sum, save) => sum + save.index.subjects.length, 0);
    totals.failed.push(...failed);
    // The bulk path projects nothing: every store misses these pages until it is rebuilt.
    for (const name of Object.keys(config.stores ?? {})) storeEvent(db, name, { event: 'bulkImported' });
    onBatch(totals);
    return true;
  };
  // One batch is prepared on the worker while the one before is written here.
  const preparer = startPagePreparer();
  let inFlight = null;
  const send = (input) => {
    const read = schemas;
    const answer = preparer.prepare(JSON.stringify(input), read.json, options);
    answer.catch(() => {}); // awaited below; a failure while an earlier batch is written is not unhandled
    return { input, read, answer };
  };
  const writeInFlight = async (next) => {
    for (let sent = inFlight; sent && !write(sent, JSON.parse(await sent.answer));) {
      if (sent.read === schemas) schemas = wikiSchemas(db);
      totals.preparedAgain += 1;
      sent = send(sent.input);
    }
    inFlight = next;
  };
  const batchOf = (batchPages) => batchPages.map(({ title, content }) => ({ title: normalizeTitle(title), content }));
  // Into an empty wiki the indexes are built once after the load, not kept row by row.
  const deferred = deferIndexes(db);
  try {
    let pending = [];
    for (const page of pages) {
      pending.push(page);
      if (pending.length < batch) continue;
      await writeInFlight(send(batchOf(pending)));
      pending = [];
    }
    await writeInFlight(pending.length > 0 ? send(batchOf(pending)) : null);
    await writeInFlight(null);
  } finally {
    await preparer.close();
    const started = Date.now();
    buildDeferredIndexes(db);
    if (deferred) totals.indexSeconds = (Date.now() - started) / 1000;
  }
  return totals;
}

/** The wiki's Schemas as `preparePages` takes them (JSON text, by name), and the revisions read. */
function wikiSchemas(db) {
  const { texts, versions } = allSchemasAt(db);
  const parsed = Object.fromEntries(Object.entries(texts).map(([title, text]) => [title, parsedOrNull(text)]));
  return { json: JSON.stringify(parsed), versions };
}

function parsedOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
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
