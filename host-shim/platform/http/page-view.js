import { pageAccess } from '../auth/permissions.js';
import { NS_MAIN, NS_SUBJECT, parsePrefixedTitle, prefixedTitle } from '../pages/namespaces.js';
import { findPageByTitle } from '../storage/pages.js';
import { dataTab } from './data-tab.js';
import { layout, tabs } from './layout.js';
import { escapeHtml } from './responses.js';

// Pages whose RDF is advertised: content pages, where Subjects live (the Subject namespace of a
// subject-first wiki included).
const CONTENT_NAMESPACES = new Set([NS_MAIN, NS_SUBJECT]);

/**
 * `<link rel="alternate">` to the page's RDF (Turtle and TriG, native projection), for crawlers and
 * linked-data clients. Only when a store is configured: then the wiki publishes its data as RDF.
 */
function autodiscovery(config, page) {
  if (!CONTENT_NAMESPACES.has(page.namespace) || Object.keys(config.stores ?? {}).length === 0) return '';
  const link = (type, format) => `\n<link rel="alternate" type="${type}" title="RDF (${format})" `
    + `href="/rest.php/strata/v0/page/${page.pageId}/rdf?format=${format}">`;
  return link('text/turtle', 'turtle') + link('application/trig', 'trig');
}

/** A view of a page: its text (`action` absent or `view`) or its Data tab (`subjects`): `{status, html}`. */
export async function viewPage(host, rawTitle, action = null) {
  const { db, config, caller } = host;
  let target;
  try {
    target = parsePrefixedTitle(rawTitle);
  } catch (error) {
    return { status: 400, html: layout('Bad title', `<p>${escapeHtml(error.message)}</p>`) };
  }
  const heading = prefixedTitle(target.namespace, target.title);
  if (!pageAccess(config, caller, target.namespace, target.title).read) {
    return { status: 403, html: layout('Permission error', `<p>You do not have permission to read ${escapeHtml(heading)}.</p>`) };
  }
  const page = findPageByTitle(db, target.namespace, target.title);
  if (!page) return { status: 404, html: layout(heading, '<p>There is currently no text in this page.</p>') };
  if (action === 'subjects') return dataTab(host, page, heading);
  if (action !== null && action !== 'view') {
    return { status: 400, html: layout(heading, `<p>Unknown action "${escapeHtml(action)}".</p>`) };
  }
  const subjectData = page.subjectSlot === null ? ''
    : `\n<h2>Subject data</h2>\n<pre class="subject-slot">${escapeHtml(page.subjectSlot)}</pre>`;
  const body = `${tabs(heading, null)}\n<pre class="page-text">${escapeHtml(page.mainSlot ?? '')}</pre>${subjectData}`;
  return { status: 200, html: layout(heading, body, { head: autodiscovery(config, page) }) };
}
