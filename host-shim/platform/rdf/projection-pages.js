// The Schema and Mapping pages a projection is built from. Which Mappings make a projection, and how,
// is the core's business (`RdfProjector`, the RDF routes); the host only hands over the text of the
// pages it may read, which the core parses (a text that is not JSON counts as no Schema or Mapping).
import { pageAccess } from '../auth/permissions.js';
import { NS_MAPPING, NS_SCHEMA } from '../pages/namespaces.js';
import { listPagesInNamespace } from '../storage/pages.js';

const BATCH = 500;

/** `{title: text}` of the pages of `namespace` that `include` keeps, read in batches. */
function pageTexts(db, namespace, include) {
  const out = {};
  for (let after = null; ;) {
    const pages = listPagesInNamespace(db, { namespace, after, prefix: null, limit: BATCH });
    for (const page of pages) {
      if (include(page)) out[page.title] = page.mainSlot ?? '';
    }
    if (pages.length < BATCH) return out;
    after = pages.at(-1).title;
  }
}

/** `{title: text}` of the Mapping pages `caller` may read (every one when `caller` is null). */
export function readableMappings(db, config, caller = null) {
  return pageTexts(db, NS_MAPPING, (page) => !caller || pageAccess(config, caller, page.namespace, page.title).read);
}

/** `{title: text}` of every Schema page. */
export function allSchemas(db) {
  return pageTexts(db, NS_SCHEMA, () => true);
}
