// The Schema and Mapping pages a projection is built from. Which Mappings make a projection, and how,
// is the core's business (`RdfProjector`, the RDF routes); the host only hands over the pages it may
// read, as JSON. A page whose text is not JSON is left out: the core reads it as no Schema or Mapping.
import { pageAccess } from '../auth/permissions.js';
import { NS_MAPPING, NS_SCHEMA } from '../pages/namespaces.js';
import { listPagesInNamespace } from '../storage/pages.js';

const BATCH = 500;

/** `{title: JSON}` of the pages of `namespace` that `include` keeps and whose text is JSON, read in batches. */
function jsonPages(db, namespace, include) {
  const out = {};
  for (let after = null; ;) {
    const pages = listPagesInNamespace(db, { namespace, after, prefix: null, limit: BATCH });
    for (const page of pages) {
      if (!include(page)) continue;
      try {
        out[page.title] = JSON.parse(page.mainSlot);
      } catch {
        // Not JSON: left out.
      }
    }
    if (pages.length < BATCH) return out;
    after = pages.at(-1).title;
  }
}

/** `{title: Mapping JSON}` of the Mapping pages `caller` may read (every one when `caller` is null). */
export function readableMappings(db, config, caller = null) {
  return jsonPages(db, NS_MAPPING, (page) => !caller || pageAccess(config, caller, page.namespace, page.title).read);
}

/** `{title: Schema JSON}` of every Schema page. */
export function allSchemas(db) {
  return jsonPages(db, NS_SCHEMA, () => true);
}
