// A page's Data tab (`action=subjects`): its Subjects, each with its IRI, a copy button and an Export
// menu (JSON, Turtle, TriG; the RDF formats ask for a projection), and an Export all menu for the page.
// The Subjects and their display names come from the core's REST read, as any client sees them.
import { readableMappings } from '../rdf/projection-pages.js';
import { sourceIris } from '../sources/core-sources.js';
import { layout, tabs } from './layout.js';
import { readThroughCore } from './rest.js';
import { escapeHtml } from './responses.js';

const REST = '/rest.php/strata/v0';

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

function options(projections) {
  return projections.map((p) => `<option value="${escapeHtml(p)}">${escapeHtml(p)}</option>`).join('');
}

function rdfChoice(label, format, action, projections) {
  return `<li><details class="export-rdf" data-format="${format}"><summary>${label}</summary>
<form method="get" action="${escapeHtml(action)}"><input type="hidden" name="format" value="${format}">
<label>Projection <select name="projection">${options(projections)}</select></label>
<button type="submit">Export ${label}</button></form></details></li>`;
}

function exportMenu(title, json, rdf, projections) {
  return `<details class="export-menu"><summary>${title}</summary><ul>
<li><a class="export-json" href="${escapeHtml(json)}">JSON</a></li>
${rdfChoice('Turtle', 'turtle', rdf, projections)}
${rdfChoice('TriG', 'trig', rdf, projections)}
</ul></details>`;
}

function schemaName(schema) {
  return typeof schema === 'string' ? schema : `${schema?.source}:${schema?.name}`;
}

function subjectRow(subject, iri, isMain, projections) {
  const id = subject.id;
  const path = `${REST}/subject/${encodeURIComponent(id)}`;
  // A Dependent Subject is named after its Schema and its Host Subject.
  const host = subject.hostSubject ? ` of ${subject.hostSubject.displayName}` : '';
  const name = escapeHtml(subject.displayName + host) + (isMain ? ' <em>(main)</em>' : '');
  return `<tr class="subject" id="${escapeHtml(id)}">
<td>${name}<br><code>${escapeHtml(id)}</code></td><td>${escapeHtml(schemaName(subject.schema))}</td>
<td><code class="iri">${escapeHtml(iri)}</code> <button type="button" class="copy" data-copy="${escapeHtml(iri)}">Copy</button></td>
<td>${exportMenu('Export', path, `${path}/rdf`, projections)}</td></tr>`;
}

/** The Data tab of a readable page: `{status, html}`. */
export async function dataTab(host, page, heading) {
  const { db, config, caller } = host;
  const top = tabs(heading, 'subjects');
  if (typeof host.core?.handleRoute !== 'function') {
    return { status: 503, html: layout(heading, `${top}\n<p>The Strata core is not loaded: the Data tab is unavailable.</p>`, { user: host.user }) };
  }
  const read = await readThroughCore(host, `/strata/v0/page/${page.pageId}/subjects`);
  if (read.status !== 200) throw new Error(`the page's Subjects could not be read: ${read.body?.message}`);
  const subjects = Object.values(read.body.subjects);
  if (subjects.length === 0) return { status: 200, html: layout(heading, `${top}\n<p>This page has no Subjects.</p>`, { user: host.user }) };
  // The core names the Subjects' IRIs and the projections the caller's readable Mappings offer.
  const projector = new host.core.RdfProjector({ mappings: readableMappings(db, config, caller), baseUri: config.rdfBaseUri, sourceIris: sourceIris(config) }, { sourceKey: config.sourceKey });
  let projections;
  let rows;
  try {
    projections = projector.projectionNames();
    rows = subjects.map((s) => subjectRow(s, projector.subjectIri(s.id), s.id === read.body.mainSubjectId, projections)).join('\n');
  } finally {
    projector.free();
  }
  const pagePath = `${REST}/page/${page.pageId}`;
  const body = `${top}
<div class="export-all">${exportMenu('Export all', `${pagePath}/subjects`, `${pagePath}/rdf`, projections)}</div>
<table class="subjects"><thead><tr><th>Subject</th><th>Schema</th><th>IRI</th><th>Export</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${COPY_SCRIPT}`;
  return { status: 200, html: layout(heading, body, { head: STYLE, user: host.user }) };
}
