// A page's Data tab (`action=subjects`). The table (names, Schemas, IRIs, Export menus) is the core's
// (`renderDataTab`, docs/ui.md); the host reads the page's Subjects through the core's REST read,
// asks its RdfProjector for the IRIs and the projections the caller's readable Mappings offer, and
// adds the page frame, the style and the copy button's script.
import { readableMappings } from '../rdf/projection-pages.js';
import { sourceIris } from '../sources/core-sources.js';
import { layout, tabs } from './layout.js';
import { readThroughCore } from './rest.js';

// Copies a Subject's IRI; outside a secure context there is no clipboard, and the IRI is selected.
const COPY_SCRIPT = `<script>
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const done = (text) => { button.textContent = text; };
  if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).then(() => done('Copied'), () => done('Copy failed'));
  else getSelection().selectAllChildren(button.previousElementSibling);
});
</script>`;

const STYLE = `<style>
table.subjects { border-collapse: collapse; } table.subjects td, table.subjects th { border: 1px solid #ccc; padding: .3em .6em; vertical-align: top; text-align: left; }
details.export-menu > ul { list-style: none; margin: .3em 0; padding: 0; } details.export-menu li { margin: .2em 0; }
</style>`;

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
    request = { pageId: page.pageId, subjects: read.body.subjects, mainSubjectId: read.body.mainSubjectId, iris, projections: projector.projectionNames() };
  } finally {
    projector.free();
  }
  const table = host.core.renderDataTab(JSON.stringify(request));
  const body = ids.length === 0 ? `${top}\n${table}` : `${top}\n${table}\n${COPY_SCRIPT}`;
  return { status: 200, html: layout(heading, body, ids.length === 0 ? { user: host.user } : { head: STYLE, user: host.user }) };
}
