import { escapeHtml } from './responses.js';

/** A whole HTML page. `head` and `body` are HTML already escaped by the caller. */
export function layout(heading, body, { head = '' } = {}) {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} - Strata</title>${head}</head>
<body>
<h1>${escapeHtml(heading)}</h1>
${body}
</body>
</html>
`;
}

/** The URL of a page view: `action` null for the page itself. */
export function viewUrl(prefixed, action = null) {
  const query = new URLSearchParams({ title: prefixed.replace(/ /g, '_') });
  if (action) query.set('action', action);
  return `/index.php?${query}`;
}

/** The tabs above a page: the page and its Data tab. */
export function tabs(prefixed, current) {
  const tab = (label, action) => (action === current
    ? `<strong class="tab selected">${label}</strong>`
    : `<a class="tab" href="${escapeHtml(viewUrl(prefixed, action))}">${label}</a>`);
  return `<nav class="tabs">${tab('Page', null)} | ${tab('Data', 'subjects')}</nav>`;
}
