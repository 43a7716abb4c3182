// The bulk RDF dump: every page's projection as one TriG document, one named graph per page. Pages
// are read from SQLite in id order, a batch at a time, and each batch is written before the next is
// read, waiting for the output to drain: memory stays flat however large the wiki. Schemas are read
// once each; the projection itself is the core's `projectRdf`.
import { once } from 'node:events';
import { NS_SCHEMA } from '../pages/namespaces.js';
import { describePage } from '../pages/page-record.js';
import { countPages, findPageByTitle, listPagesById } from '../storage/pages.js';
import { readableMappings } from './mappings.js';

const BATCH = 500;

export class DumpError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DumpError';
  }
}

/** Schema name → Schema JSON (null when absent or not JSON), each read from the database once. */
function schemaCache(db) {
  const cache = new Map();
  return (name) => {
    if (!cache.has(name)) {
      let schema = null;
      try {
        schema = JSON.parse(findPageByTitle(db, NS_SCHEMA, name)?.mainSlot ?? 'null');
      } catch {
        // An unreadable Schema page: its Subjects are omitted, as in every export.
      }
      cache.set(name, schema);
    }
    return cache.get(name);
  };
}

/** The Schemas a Subject slot names, as `projectRdf` takes them. */
function schemasOf(subjectSlot, schema) {
  const schemas = {};
  let content;
  try {
    content = JSON.parse(subjectSlot ?? 'null');
  } catch {
    return schemas;
  }
  for (const subject of Object.values(content?.subjects ?? {})) {
    const name = subject?.schema;
    if (typeof name === 'string' && !(name in schemas) && schema(name) !== null) schemas[name] = schema(name);
  }
  return schemas;
}

/** What `projectRdf` reads of a page besides its Subject slot. */
function facts(page) {
  const { pageId, title, prefixedTitle, created, modified, lastEditor, categories } = describePage(page);
  return { pageId, title, prefixedTitle, created, modified, lastEditor, categories };
}

async function write(out, text) {
  if (text !== '' && !out.write(text)) await once(out, 'drain');
}

/**
 * Writes the dump to `out` and resolves to `{pages}`. `projection`: `native` or a Mapping target; the
 * core refuses an unknown one, here before anything is written, with a DumpError naming the known ones.
 * `progress(total)` may answer `{update(done), finish(done)}`.
 */
export async function dumpRdf({ db, config, core }, { projection = 'native', out, progress: startProgress = () => null }) {
  if (typeof core?.projectRdf !== 'function') throw new DumpError('the Strata core is not built (or lacks projectRdf): build it first.');
  const mappings = projection === 'native' ? {} : readableMappings(db, config);
  const schema = schemaCache(db);
  const project = (page, prefixes) => core.projectRdf({
    page: facts(page), content: page.subjectSlot, schemas: schemasOf(page.subjectSlot, schema), mappings, projection,
    format: 'trig', baseUri: config.rdfBaseUri, prefixes,
  }, { sourceKey: config.sourceKey });
  try {
    project({ pageId: 1, namespace: 0, title: 'Probe', subjectSlot: null }, false);
  } catch (error) {
    if (error?.code !== 'unknown-projection') throw error;
    throw new DumpError(`unknown projection "${projection}" (known: ${error.details.knownProjections.join(', ')})`);
  }
  const progress = startProgress(countPages(db));
  let done = 0;
  for (let afterId = 0; ;) {
    const pages = listPagesById(db, afterId, BATCH);
    if (pages.length === 0) break;
    await write(out, pages.map((page) => project(page, done === 0 && page === pages[0])).join(''));
    done += pages.length;
    afterId = pages.at(-1).pageId;
    progress?.update(done);
  }
  progress?.finish(done);
  return { pages: done };
}
