// Special pages: the Subject list (search, Schema filter, sort, paging of `GET /subjects`), the
// Schemas, recently edited Subjects, the Main Page's links, creating a Subject on a new page, and
// logging in and out. Lists are read through the core's REST routes, as any client reads them.
import { mayCreate } from '../auth/permissions.js';
import { NS_MAIN } from '../pages/namespaces.js';
import { layout, RENDER_LINKS, renderMessages } from './layout.js';
import { loginPage, logout } from './login-page.js';
import { readThroughCore, readWholeList } from './rest.js';
import { escapeHtml } from './responses.js';
import { subjectEditor } from './editor-pages.js';

const SORTS = [['newest', 'Newest'], ['name', 'Name'], ['schema', 'Schema'], ['page', 'Page'], ['edited', 'Last edited']];
const PAGE_SIZE = '20';

const allSchemas = (host) => readWholeList(host, '/strata/v0/schemas', 'schemas');

/** A list's table, drawn by the core (`renderList`) from the rows the REST list answered. */
const listTable = (host, list, rows, query) => host.core.renderList(JSON.stringify({ list, rows, links: RENDER_LINKS, messages: renderMessages(query) }));

function options(pairs, selected) {
  return pairs.map(([value, label]) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`).join('');
}

async function subjectList(host, query) {
  const wanted = Object.fromEntries(['search', 'schema', 'sort', 'direction', 'cursor'].map((k) => [k, query.get(k) ?? '']).filter(([, v]) => v !== ''));
  const read = await readThroughCore(host, '/strata/v0/subjects', { limit: PAGE_SIZE, ...wanted });
  const schemas = await allSchemas(host);
  const form = `<form class="subject-search" method="get" action="/wiki/Special:Subjects" role="search">
<label>Search <input type="search" name="search" value="${escapeHtml(wanted.search ?? '')}"></label>
<label>Schema <select name="schema"><option value="">All Schemas</option>${options(schemas.map((s) => [s.name, s.name]), wanted.schema)}</select></label>
<label>Sort <select name="sort">${options(SORTS, wanted.sort ?? 'newest')}</select></label>
<label>Direction <select name="direction">${options([['', 'Default'], ['asc', 'Ascending'], ['desc', 'Descending']], wanted.direction ?? '')}</select></label>
<button type="submit">Find</button></form>`;
  if (read.status !== 200) {
    return { status: read.status, body: `${form}\n<p class="error" role="alert">${escapeHtml(read.body.message ?? 'The list could not be read.')}</p>` };
  }
  let more = '';
  if (read.body.nextCursor) {
    const next = new URLSearchParams({ ...wanted, cursor: read.body.nextCursor });
    more = `<p><a class="next-page" rel="next" href="/wiki/Special:Subjects?${escapeHtml(next.toString())}">Next page</a></p>`;
  }
  const create = mayCreate(host.config, host.caller, NS_MAIN, 'X') ? '<p><a class="create-subject" href="/wiki/Special:CreateSubject">Create a Subject on a new page</a></p>' : '';
  return { status: 200, body: `${form}\n${create}${listTable(host, 'subjects', read.body.subjects, query)}\n${more}` };
}

async function schemaList(host) {
  return listTable(host, 'schemas', await allSchemas(host));
}

async function recentlyEdited(host, limit) {
  const read = await readThroughCore(host, '/strata/v0/recently-edited-subjects', { limit: String(limit) });
  return read.status === 200 ? listTable(host, 'recentlyEdited', read.body.subjects) : '<p>The list could not be read.</p>';
}

/** What the Main Page shows besides its own text: where to find things, and the latest edits. */
export async function mainPageIntro(host) {
  if (typeof host.core?.handleRoute !== 'function') return '<p>The Strata core is not loaded.</p>';
  return `<section class="main-page-links" aria-labelledby="find-heading"><h2 id="find-heading">Find</h2>
<form class="subject-search" method="get" action="/wiki/Special:Subjects" role="search">
<label>Search Subjects <input type="search" name="search"></label> <button type="submit">Find</button></form>
<ul><li><a href="/wiki/Special:Schemas">All Schemas</a></li><li><a href="/wiki/Special:Subjects">All Subjects</a></li>
<li><a href="/wiki/Special:RecentlyEdited">Recently edited Subjects</a></li></ul></section>
<section aria-labelledby="recent-heading"><h2 id="recent-heading">Recently edited</h2>
${await recentlyEdited(host, 10)}</section>`;
}

/** A special page by name (after `Special:`): `{status, html, headers?}`. */
export async function specialPage(host, name, request) {
  const { user } = host;
  const page = (heading, body, status = 200) => ({ status, html: layout(heading, body, { user }) });
  const key = name.replace(/_/g, ' ').trim().toLowerCase();
  if (key === 'userlogin') return loginPage(host, request);
  if (key === 'userlogout') return logout(host, request);
  if (typeof host.core?.handleRoute !== 'function') return page(`Special:${name}`, '<p>The Strata core is not loaded.</p>', 503);
  switch (key) {
    case 'subjects': {
      const { status, body } = await subjectList(host, request.query);
      return page('Subjects', body, status);
    }
    case 'schemas':
      return page('Schemas', await schemaList(host));
    case 'recentlyedited':
      return page('Recently edited Subjects', await recentlyEdited(host, 50));
    case 'createsubject':
      if (!mayCreate(host.config, host.caller, NS_MAIN, 'X')) return page('Create a Subject', '<p>You do not have permission to create pages. Please log in.</p>', 403);
      return page('Create a Subject', subjectEditor(host, null, request.query));
    default:
      return page(`Special:${name}`, '<p>There is no such special page.</p>', 404);
  }
}
