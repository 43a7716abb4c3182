// Page views: a page rendered by the core (its wikitext, its Subjects through their Layouts; Schema
// pages as their property table), its Data tab, the Subject editor and the Schema edit form. Special
// pages (`Special:...`) are in special-pages.js.
import { pageAccess } from '../auth/permissions.js';
import { URL_LAYOUT } from '../config/url-layout.js';
import { NS_MAIN, NS_SCHEMA, NS_SUBJECT, parsePrefixedTitle, prefixedTitle } from '../pages/namespaces.js';
import { findPageByTitle } from '../storage/pages.js';
import { dataTab } from './data-tab.js';
import { editSchema, subjectEditor } from './editor-pages.js';
import { layout, RENDER_LINKS, renderMessages, tabs } from './layout.js';
import { readThroughCore, readWholeList } from './rest.js';
import { escapeHtml } from './responses.js';
import { mainPageIntro, specialPage } from './special-pages.js';

// Pages whose RDF is advertised: content pages, where Subjects live (the Subject namespace of a
// subject-first wiki included).
const CONTENT_NAMESPACES = new Set([NS_MAIN, NS_SUBJECT]);
const MAIN_PAGE = 'Main Page';

export { RENDER_LINKS } from './layout.js';

/**
 * `<link rel="alternate">` to the page's RDF (Turtle and TriG, native projection), for crawlers and
 * linked-data clients. Only when a store is configured: then the wiki publishes its data as RDF.
 */
function autodiscovery(config, page) {
  if (!CONTENT_NAMESPACES.has(page.namespace) || Object.keys(config.stores ?? {}).length === 0) return '';
  const link = (type, format) => `\n<link rel="alternate" type="${type}" title="RDF (${format})" `
    + `href="${URL_LAYOUT.rest}/strata/v0/page/${page.pageId}/rdf?format=${format}">`;
  return link('text/turtle', 'turtle') + link('application/trig', 'trig');
}

const coreLoaded = (host) => typeof host.core?.renderPage === 'function' && typeof host.core?.handleRoute === 'function';

/**
 * The rendered content of a readable page: a Schema's property table, a Layout's or Mapping's
 * definition (the core reads the text by its content model), or wikitext and Subjects.
 */
async function renderedContent(host, page, heading, editable, messages) {
  if (!coreLoaded(host)) return `<pre class="page-text">${escapeHtml(page.mainSlot ?? '')}</pre>`;
  if (page.namespace === NS_SCHEMA) {
    const read = await readThroughCore(host, `/strata/v0/schema/${encodeURIComponent(page.title)}`);
    if (!read.body?.schema) return `<pre class="page-text">${escapeHtml(page.mainSlot ?? '')}</pre>`;
    return host.core.renderSchema(JSON.stringify({ name: page.title, schema: read.body.schema, links: RENDER_LINKS, messages }));
  }
  let subjects = null;
  if (page.subjectSlot !== null) {
    const read = await readThroughCore(host, `/strata/v0/page/${page.pageId}/subjects`, { expand: 'schemas|relations' });
    if (read.status === 200) subjects = read.body;
  }
  const links = editable ? { ...RENDER_LINKS, editSubject: `${URL_LAYOUT.script}?title=$1&action=editsubject&subject=$2` } : RENDER_LINKS;
  const layouts = subjects ? await readWholeList(host, '/strata/v0/layouts', 'layouts') : [];
  return host.core.renderPage(JSON.stringify({ title: heading, contentModel: page.contentModel, wikitext: page.mainSlot ?? '', subjects, layouts, links, messages }));
}

function pageTabs(page, heading, editable, current) {
  if (page.namespace === NS_SCHEMA) return tabs(heading, current, editable ? [['Edit', 'edit']] : []);
  return tabs(heading, current, editable ? [['Add Subject', 'addsubject']] : []);
}

/**
 * A view of a page: its text (`action` absent or `view`), its Data tab (`subjects`), the Subject
 * editor (`editsubject`, `addsubject`) or a Schema's edit form (`edit`): `{status, html, headers?}`.
 * `request` is `{method, form}` (`form`: the fields of a POSTed form).
 */
export async function viewPage(host, rawTitle, action = null, request = { method: 'GET', form: null, query: new URLSearchParams() }) {
  const { db, config, caller, user } = host;
  if (/^special:/i.test(rawTitle)) return specialPage(host, rawTitle.slice('special:'.length), request);
  let target;
  try {
    target = parsePrefixedTitle(rawTitle);
  } catch (error) {
    return { status: 400, html: layout('Bad title', `<p>${escapeHtml(error.message)}</p>`, { user }) };
  }
  const heading = prefixedTitle(target.namespace, target.title);
  const access = pageAccess(config, caller, target.namespace, target.title);
  if (!access.read) {
    return { status: 403, html: layout('Permission error', `<p>You do not have permission to read ${escapeHtml(heading)}.</p>`, { user }) };
  }
  const stored = findPageByTitle(db, target.namespace, target.title);
  const page = stored && { ...stored, prefixedTitle: heading };
  if (!page) {
    if (heading === MAIN_PAGE && (action ?? 'view') === 'view') return { status: 200, html: layout(heading, await mainPageIntro(host), { user }) };
    return { status: 404, html: layout(heading, '<p>There is currently no text in this page.</p>', { user }) };
  }
  const editable = access.edit && coreLoaded(host);
  if (action === 'subjects') return dataTab(host, page, heading);
  if (action === 'editsubject' || action === 'addsubject') {
    if (!editable) return { status: 403, html: layout(heading, '<p>You do not have permission to edit this page.</p>', { user }) };
    return { status: 200, html: layout(heading, `${pageTabs(page, heading, editable, action)}\n${subjectEditor(host, page, request.query)}`, { user }) };
  }
  if (action === 'edit' && page.namespace === NS_SCHEMA) {
    if (!editable) return { status: 403, html: layout(heading, '<p>You do not have permission to edit this Schema.</p>', { user }) };
    return editSchema(host, page, heading, request, pageTabs(page, heading, editable, 'edit'));
  }
  if (action !== null && action !== 'view') {
    return { status: 400, html: layout(heading, `<p>Unknown action "${escapeHtml(action)}".</p>`, { user }) };
  }
  const content = await renderedContent(host, page, heading, editable, renderMessages(request.query));
  const intro = heading === MAIN_PAGE ? await mainPageIntro(host) : '';
  const body = `${pageTabs(page, heading, editable, null)}\n${content}${intro}`;
  return { status: 200, html: layout(heading, body, { head: autodiscovery(config, page), user }) };
}
