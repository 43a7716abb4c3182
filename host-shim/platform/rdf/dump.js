// The bulk RDF dump: every page's projection as one TriG document, one named graph per page. Pages
// are read from SQLite in id order, a batch at a time, and each batch is written before the next is
// read, waiting for the output to drain: memory stays flat however large the wiki. Schemas are read
// once; the projection itself is the core's `RdfProjector`, set up once for the whole dump.
import { once } from 'node:events';
import { describePage } from '../pages/page-record.js';
import { countPages, listPagesById } from '../storage/pages.js';
import { allSchemas, readableMappings } from './projection-pages.js';
import { sourceIris } from '../sources/core-sources.js';

const BATCH = 500;

export class DumpError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DumpError';
  }
}

/** What the projection reads of a page besides its Subject slot. */
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
  if (typeof core?.RdfProjector !== 'function') throw new DumpError('the Strata core is not built (or lacks RdfProjector): build it first.');
  const mappings = projection === 'native' ? {} : readableMappings(db, config);
  let projector;
  try {
    projector = new core.RdfProjector({ schemas: allSchemas(db), mappings, projection, format: 'trig', baseUri: config.rdfBaseUri, sourceIris: sourceIris(config) }, { sourceKey: config.sourceKey });
  } catch (error) {
    if (error?.code !== 'unknown-projection') throw error;
    throw new DumpError(`unknown projection "${projection}" (known: ${error.details.knownProjections.join(', ')})`);
  }
  try {
    const progress = startProgress(countPages(db));
    let done = 0;
    for (let afterId = 0; ;) {
      const pages = listPagesById(db, afterId, BATCH);
      if (pages.length === 0) break;
      await write(out, pages.map((page) => projector.projectPage(facts(page), page.subjectSlot ?? null, done === 0 && page === pages[0])).join(''));
      done += pages.length;
      afterId = pages.at(-1).pageId;
      progress?.update(done);
    }
    progress?.finish(done);
    return { pages: done };
  } finally {
    projector.free();
  }
}
