// A page's Data tab (`action=subjects`). The table (names, Schemas, IRIs, Export menus) is the core's
// (`renderDataTab`, docs/ui.md); the host reads the page's Subjects through the core's REST read,
// asks its RdfProjector for the IRIs and the projections the caller's readable Mappings offer, and
// adds the page frame and the copy button's script.
import { readableMappings } from '../rdf/projection-pages.js';
import { sourceIris } from '../sources/core-sources.js';
import { layout, RENDER_LINKS, tabs } from './layout.js';
import { readThroughCore } from './rest.js';

// Copies a Subject's IRI (host-shim/browser/copy-iri.js, shared with MediaWiki).
const COPY_SCRIPT = '<script src="/static/host-shim/browser/copy-iri.js"></script>';

/** The Data tab of a readable page: `{status, html}`. */
export async function dataTab(host, page, heading) {
  const { db, config, caller } = host;
  const top = tabs(heading, 'subjects');
  if (typeof host.core?.handleRoute !== 'function') {
    return { status: 503, html: layout(heading, `${top}\n<p>The Strata core is not loaded: the Data tab is unavailable.</p>`, { user: host.user }) };
  }
  const read = await readThroughCore(host, `/strata/v0/page/${page.pageId}/subjects`);
  if (read.status !== 200) throw new Error(`the page's Subjects could not be read: ${read.body?.message}`);
  const ids = Object.keys(read.body.subjects);
  const projector = new host.core.RdfProjector({ mappings: readableMappings(db, config, caller), baseUri: config.rdfBaseUri, sourceIris: sourceIris(config) }, { sourceKey: config.sourceKey });
  let request;
  try {
    const iris = Object.fromEntries(ids.map((id) => [id, projector.subjectIri(id)]));
    request = { pageId: page.pageId, subjects: read.body.subjects, mainSubjectId: read.body.mainSubjectId, iris, projections: projector.projectionNames(), links: RENDER_LINKS };
  } finally {
    projector.free();
  }
  const table = host.core.renderDataTab(JSON.stringify(request));
  const body = ids.length === 0 ? `${top}\n${table}` : `${top}\n${table}\n${COPY_SCRIPT}`;
  return { status: 200, html: layout(heading, body, { user: host.user }) };
}
