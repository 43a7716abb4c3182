// The Mapping pages a projection is built from. Which Mappings make a projection, and how, is the
// core's business (`projectRdf`, the RDF routes); the host only hands over the pages it may read.
import { pageAccess } from '../auth/permissions.js';
import { NS_MAPPING } from '../pages/namespaces.js';
import { listPagesInNamespace } from '../storage/pages.js';

const BATCH = 500;

/** `{title: Mapping JSON}` of the Mapping pages `caller` may read (every one when `caller` is null). */
export function readableMappings(db, config, caller = null) {
  const mappings = {};
  for (let after = null; ;) {
    const pages = listPagesInNamespace(db, { namespace: NS_MAPPING, after, prefix: null, limit: BATCH });
    for (const page of pages) {
      if (caller && !pageAccess(config, caller, page.namespace, page.title).read) continue;
      try {
        mappings[page.title] = JSON.parse(page.mainSlot);
      } catch {
        // Not JSON: no Mapping, as the core reads it.
      }
    }
    if (pages.length < BATCH) return mappings;
    after = pages.at(-1).title;
  }
}
