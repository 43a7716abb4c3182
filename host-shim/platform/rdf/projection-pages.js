// The Schema and Mapping pages a projection is built from. Which Mappings make a projection, and how,
// is the core's business (`RdfProjector`, the RDF routes); the host only hands over the text of the
// pages it may read, which the core parses (a text that is not JSON counts as no Schema or Mapping).
import { pageAccess } from '../auth/permissions.js';
import { NS_MAPPING, NS_SCHEMA } from '../pages/namespaces.js';
import { listPagesInNamespace } from '../storage/pages.js';

const BATCH = 500;

/**
 * `{texts: {title: text}, versions: [{namespace, title, revisionId}]}` of the pages of `namespace`
 * that `include` keeps, read in batches: each text and the revision it was read at.
 */
function pagesAt(db, namespace, include) {
  const texts = {};
  const versions = [];
  for (let after = null; ;) {
    const pages = listPagesInNamespace(db, { namespace, after, prefix: null, limit: BATCH });
    for (const page of pages.filter(include)) {
      texts[page.title] = page.mainSlot ?? '';
      versions.push({ namespace, title: page.title, revisionId: page.latestRevisionId });
    }
    if (pages.length < BATCH) return { texts, versions };
    after = pages.at(-1).title;
  }
}

/** `{title: text}` of the Mapping pages `caller` may read (every one when `caller` is null). */
export function readableMappings(db, config, caller = null) {
  return pagesAt(db, NS_MAPPING, (page) => !caller || pageAccess(config, caller, page.namespace, page.title).read).texts;
}

/** `{title: text}` of every Schema page. */
export function allSchemas(db) {
  return allSchemasAt(db).texts;
}

/**
 * Every Schema page's text, and the revisions read, as a write's `validatedAgainst` names them
 * (`savePages` checks them in its transaction).
 */
export function allSchemasAt(db) {
  return pagesAt(db, NS_SCHEMA, () => true);
}
