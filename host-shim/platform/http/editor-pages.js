// The editing views: the Subject editor's frame (the browser module builds the form from the Schema
// and validates with the core as the person types) and a Schema's edit form, whose text the core
// checks on save exactly as `PUT /schema` does, errors shown in place.
import { tokensEqual } from '../auth/sessions.js';
import { layout, pageUrl } from './layout.js';
import { callThroughCore } from './rest.js';
import { escapeHtml } from './responses.js';

export const EDITOR_SCRIPT = '/static/host-shim/browser/subject-editor-boot.js';

/**
 * The Subject editor on a page (`page` null: a Subject on a new page). `query`: `subject` (an ID to
 * edit) or `schema` (the Schema of a new Subject).
 */
export function subjectEditor(host, page, query) {
  const data = {
    rest: '/rest.php/strata/v0',
    'csrf-token': host.user.csrfToken,
    'page-id': page?.pageId ?? '',
    'page-title': page?.prefixedTitle ?? '',
    'subject-id': query.get('subject') ?? '',
    schema: query.get('schema') ?? '',
    // The core's own and registered source keys: relations to registered sources' Subjects are not
    // errors in the editor's checks (docs/federation.md).
    'source-key': host.config.sourceKey,
    sources: Object.keys(host.config.sources ?? {}).join(','),
  };
  const attributes = Object.entries(data).map(([k, v]) => ` data-${k}="${escapeHtml(String(v))}"`).join('');
  return `<div id="subject-editor" class="subject-editor"${attributes}>
<noscript><p class="error">The Subject editor needs JavaScript: it checks the values as you type.</p></noscript>
<p class="editor-loading">Loading the editor…</p></div>
<script type="module" src="${EDITOR_SCRIPT}"></script>`;
}

function schemaForm(host, page, text, comment, errors, base) {
  const alert = errors.length === 0 ? '' : `<div class="error" role="alert" id="schema-errors"><p>The Schema was not saved:</p>
<ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>\n`;
  return `${alert}<form class="schema-edit" method="post" action="/index.php?title=${escapeHtml(encodeURIComponent(page.prefixedTitle))}&amp;action=edit">
<input type="hidden" name="token" value="${escapeHtml(host.user.csrfToken)}"><input type="hidden" name="base" value="${escapeHtml(base)}">
<p><label for="schema-text">Schema (JSON)</label>
<textarea id="schema-text" name="text" rows="24" spellcheck="false"${errors.length ? ' aria-describedby="schema-errors" aria-invalid="true"' : ''}>${escapeHtml(text)}</textarea></p>
<p><label for="schema-comment">Summary</label><input id="schema-comment" name="comment" value="${escapeHtml(comment)}"></p>
<p><button type="submit">Save Schema</button> <a href="${escapeHtml(pageUrl(page.prefixedTitle))}">Cancel</a></p></form>`;
}

/** The reasons of a refused `PUT /schema`, one line each. */
function refusal(status, body) {
  if (status === 412) return ['Someone else saved this Schema after you opened it. Copy your text, reload, and edit again.'];
  const reasons = body?.reasons ?? [];
  if (reasons.length === 0) return [body?.message ?? 'The Schema could not be saved.'];
  return reasons.map((r) => (r.path ? `${r.path}: ${r.message}` : r.message));
}

/** A Schema page's edit view: the form (GET) or a save (POST) through `PUT /schema/{name}`. */
export async function editSchema(host, page, heading, request, top) {
  // The form keeps the revision it was opened on: saving over someone else's later save is refused (412).
  const base = request.method === 'POST' ? request.form.get('base') ?? '' : `"${page.latestRevisionId}"`;
  const show = (status, text, comment, errors) => ({ status, html: layout(`Editing ${heading}`, `${top}\n${schemaForm(host, page, text, comment, errors, base)}`, { user: host.user }) });
  if (request.method !== 'POST') return show(200, page.mainSlot ?? '', '', []);
  const text = request.form.get('text') ?? '';
  const comment = request.form.get('comment') ?? '';
  let schema;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return show(400, text, comment, [`The text is not JSON: ${error.message}`]);
  }
  const csrfValid = tokensEqual(request.form.get('token'), host.user.csrfToken);
  const saved = await callThroughCore(host, {
    method: 'PUT', path: `/strata/v0/schema/${encodeURIComponent(page.title)}`, body: { schema, comment }, csrfValid, ifMatch: base || null,
  });
  if (saved.status === 200 || saved.status === 201) return { status: 303, html: '', headers: { location: pageUrl(page.prefixedTitle) } };
  return show(saved.status, text, comment, refusal(saved.status, saved.body));
}
