// The frame of every HTML page: the stylesheet, the navigation (Main Page, Schemas, Subjects, Recently
// edited; the user's name with a logout button, or a login link) and the page heading.
import { URL_LAYOUT } from '../config/url-layout.js';
import { escapeHtml } from './responses.js';


/** The URL patterns the core's renderers link with (`src/render/html.rs`). */
export const RENDER_LINKS = { ...URL_LAYOUT, schemaSubjects: '/wiki/Special:Subjects?schema=$1' };

/**
 * The `messages` of a render request: this host serves the core's English (none given), or with
 * `uselang=qqx` the message keys themselves, as MediaWiki does (docs/i18n.md).
 */
export const renderMessages = (query) => (query?.get('uselang') === 'qqx' ? 'qqx' : undefined);

/** The styles of the core's HTML and of the Subject editor (both shared with MediaWiki), then the page frame's. */
export const STYLESHEETS = ['/static/host-shim/browser/strata-content.css', '/static/host-shim/browser/subject-editor.css', '/static/host-shim/browser/strata.css'];

/** The URL of a page view: `action` null for the page itself; `extra` adds query parameters. */
export function viewUrl(prefixed, action = null, extra = {}) {
  const query = new URLSearchParams({ title: prefixed.replace(/ /g, '_') });
  if (action) query.set('action', action);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `/index.php?${query}`;
}

/** `/wiki/Title` of a page. */
export function pageUrl(prefixed) {
  return `/wiki/${encodeURIComponent(prefixed.replace(/ /g, '_')).replace(/%3A/g, ':').replace(/%2F/g, '/')}`;
}

function navigation(user) {
  const links = [['Main Page', '/wiki/Main_Page'], ['Schemas', '/wiki/Special:Schemas'], ['Subjects', '/wiki/Special:Subjects'],
    ['Recently edited', '/wiki/Special:RecentlyEdited']];
  const items = links.map(([label, href]) => `<li><a href="${href}">${label}</a></li>`).join('');
  const back = user?.here && !/Special:User/i.test(user.here) ? `?returnto=${encodeURIComponent(user.here)}` : '';
  let account = `<a class="login" href="/wiki/Special:UserLogin${escapeHtml(back)}">Log in</a>`;
  if (user && !user.anonymous) {
    account = `<span class="user-name">${escapeHtml(user.name)}</span>
<form class="logout" method="post" action="/wiki/Special:UserLogout"><input type="hidden" name="token" value="${escapeHtml(user.csrfToken)}"><button type="submit">Log out</button></form>`;
  }
  return `<header class="site"><a class="site-name" href="/wiki/Main_Page">Strata wiki</a>
<nav aria-label="Site"><ul>${items}</ul></nav>
<div class="account">${account}</div></header>`;
}

/**
 * A whole HTML page. `head` and `body` are HTML already escaped by the caller; `user` is
 * `{name, anonymous, csrfToken, here}` for the navigation (`here`: the path to return to after logging in) (absent: a login link).
 */
export function layout(heading, body, { head = '', user = null } = {}) {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} - Strata</title>
${STYLESHEETS.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}${head}</head>
<body>
${navigation(user)}
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The tabs above a page: the page, its Data tab, and `extra` tabs as `[label, action]`. */
export function tabs(prefixed, current, extra = []) {
  const tab = (label, action) => (action === current
    ? `<strong class="tab selected" aria-current="page">${label}</strong>`
    : `<a class="tab" href="${escapeHtml(viewUrl(prefixed, action))}">${label}</a>`);
  const all = [['Page', null], ['Data', 'subjects'], ...extra];
  return `<nav class="tabs" aria-label="Page">${all.map(([label, action]) => tab(label, action)).join(' ')}</nav>`;
}
