import { pageAccess } from '../auth/permissions.js';
import { parsePrefixedTitle, prefixedTitle } from '../pages/titles.js';
import { findPageByTitle } from '../storage/pages.js';
import { escapeHtml } from './responses.js';

function layout(heading, body) {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} - Strata</title></head>
<body>
<h1>${escapeHtml(heading)}</h1>
${body}
</body>
</html>
`;
}

/** A plain view of a page's text: `{status, html}`. */
export function viewPage({ db, config, caller }, rawTitle) {
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
  const subjectData = page.subjectSlot === null ? ''
    : `\n<h2>Subject data</h2>\n<pre class="subject-slot">${escapeHtml(page.subjectSlot)}</pre>`;
  return { status: 200, html: layout(heading, `<pre class="page-text">${escapeHtml(page.mainSlot ?? '')}</pre>${subjectData}`) };
}
