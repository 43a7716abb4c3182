// The Subject editor: a form generated from the Schema (the core's `editorFields`), validated by the
// core's `Validator` in the browser as the person types, each violation shown at its field (errors
// block saving, warnings do not), saved through the REST API with the CSRF token. A host mounts it
// on an element with `mountSubjectEditor`; the reference host's boot script and the MediaWiki
// extension's pass their own REST base, token, page URLs and messages (editor-messages.js).
import { h, makeField, violationItem } from './editor-fields.js';

/** `fetch` of the REST API, JSON in and out: `{status, body, etag}`. `ifMatch`: the ETag a write is based on. */
function restClient(rest, csrfToken) {
  return async (method, path, body, ifMatch = null) => {
    const headers = { accept: 'application/json' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': csrfToken });
    if (ifMatch) headers['if-match'] = ifMatch;
    const response = await fetch(`${rest}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, etag: response.headers.get('etag') };
  };
}

/** A violation's text: the core's message `strata-violation-<code>` (docs/i18n.md), its args after it. */
function describe(v, msg) {
  const args = v.args?.length ? ` (${v.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ')})` : '';
  const text = `${msg(`strata-violation-${v.code}`)}${args}`;
  return v.valuePartIndex === undefined ? text : msg('strata-editor-violation-part', text, v.valuePartIndex + 1);
}

async function chooseSchema(root, call, msg) {
  const read = await call('GET', '/schemas?limit=500');
  const select = h('select', { id: 'schema-choice' }, h('option', { value: '' }, msg('strata-editor-schema-choose')),
    ...(read.body?.schemas ?? []).map((s) => h('option', { value: s.name }, s.name)));
  const label = h('label', { for: 'schema-choice' }, msg('strata-editor-schema-label'));
  root.replaceChildren(h('p', {}, label, ' ', select));
  select.focus();
  return new Promise((resolve) => select.addEventListener('change', () => select.value && resolve(select.value)));
}

/**
 * The page's edit notices (`GET /page/{id}/editNotices`: the wiki's and the Schema's own, as HTML the
 * server made safe), in a box above the form, or null when there are none.
 */
async function editNotices(call, pageId, schemaName, msg) {
  const read = await call('GET', `/page/${pageId}/editNotices?${new URLSearchParams({ schema: schemaName })}`);
  const notices = read.body?.notices ?? [];
  if (notices.length === 0) return null;
  return h('div', { className: 'edit-notices', role: 'note', ariaLabel: msg('strata-editor-notices') },
    ...notices.map((n) => Object.assign(h('div', { className: 'edit-notice', dataset: { key: n.key } }), { innerHTML: n.html })));
}

/**
 * Mounts the editor on `root`. `options`: `{core, rest, csrfToken, pageId, pageTitle, subjectId,
 * schema, pageUrl(title), msg, coreOptions}`: `subjectId` edits that Subject; otherwise a new Subject
 * of `schema` (asked for when empty) is added to page `pageId`, or to a new page whose title the
 * person enters. `msg(key, ...params)` gives the editor's words (editor-messages.js). `coreOptions`
 * (`{sourceKey, sources}`) are the wiki's source keys for the core's checks.
 */
export async function mountSubjectEditor(root, options) {
  const { core, rest, csrfToken, pageUrl, msg } = options;
  const call = restClient(rest, csrfToken);
  let existing = null;
  let etag = null;
  const names = {};
  if (options.subjectId) {
    const path = `/subject/${encodeURIComponent(options.subjectId)}`;
    const read = await call('GET', `${path}?expand=page`);
    if (read.status !== 200) { root.replaceChildren(h('p', { className: 'error', role: 'alert' }, read.body?.message ?? msg('strata-editor-read-failed'))); return null; }
    existing = read.body.subjects[options.subjectId];
    etag = read.etag;
    // The names of the relation targets; this read spans pages, so it carries no ETag.
    const targets = await call('GET', `${path}?expand=relations`);
    for (const [id, s] of Object.entries(targets.body?.subjects ?? {})) names[id] = s.displayName;
  }
  // Adding to a page: its revision guards the save (If-Match), and a page without a main Subject gets
  // the new one as its main Subject.
  let pageHasMain = true;
  if (!existing && options.pageId) {
    const read = await call('GET', `/page/${options.pageId}/subjects`);
    if (read.status !== 200) throw new Error(msg('strata-editor-page-read-failed', read.body?.message ?? read.status));
    etag = read.etag;
    pageHasMain = read.body.mainSubjectId !== null;
  }
  const schemaName = existing ? (typeof existing.schema === 'string' ? existing.schema : existing.schema.name) : options.schema || await chooseSchema(root, call, msg);
  const schemaRead = await call('GET', `/schema/${encodeURIComponent(schemaName)}`);
  const schema = schemaRead.body?.schema;
  if (!schema) { root.replaceChildren(h('p', { className: 'error', role: 'alert' }, msg('strata-editor-no-schema', schemaName))); return null; }
  const fields = core.editorFields(schemaName, schema);
  const validator = new core.Validator(schemaName, schema, options.coreOptions);
  const pageId = existing?.pageId ?? options.pageId;
  const notices = pageId ? await editNotices(call, pageId, schemaName, msg) : null;

  const env = {
    names,
    msg,
    changed: () => check(),
    searchLabels: async (search, schemas) => {
      const query = new URLSearchParams({ search, limit: '8', ...(schemas.length ? { schema: schemas.join('|') } : {}) });
      const read = await call('GET', `/subject-labels?${query}`);
      return read.body?.subjects ?? [];
    },
  };
  const widgets = fields.map((f, i) => makeField(f, existing?.statements?.[f.name], env, i));
  const labelInput = h('input', { id: 'subject-label', value: existing?.label ?? '', autocomplete: 'off' });
  const titleInput = options.pageId || existing ? null : h('input', { id: 'page-title', required: true, autocomplete: 'off' });
  const general = h('ul', { className: 'violations', id: 'subject-messages', ariaLive: 'polite' });
  const status = h('p', { className: 'status', role: 'status' });
  const save = h('button', { type: 'submit', className: 'primary' }, msg('strata-editor-save'));
  const form = h('form', { className: 'subject-form', noValidate: true },
    h('p', { className: 'editing-schema' }, msg('strata-editor-editing-schema', schemaName)),
    titleInput ? h('div', { className: 'field' }, h('label', { for: 'page-title' }, msg('strata-editor-page-title')), titleInput) : null,
    h('div', { className: 'field', dataset: { property: '' } }, h('label', { for: 'subject-label' }, msg('strata-editor-label')), labelInput, general),
    ...widgets.map((w) => w.el),
    h('div', { className: 'actions' }, save, status));
  labelInput.addEventListener('input', () => check());

  const body = () => {
    const statements = {};
    fields.forEach((f, i) => {
      const st = widgets[i].statement();
      if (st) statements[f.name] = st;
    });
    return { label: labelInput.value.trim() === '' ? null : labelInput.value, statements };
  };
  // A new Subject is its page's main Subject on a new page and on a page without one.
  const context = { subjectId: options.subjectId || undefined, isMain: existing ? undefined : !options.pageId || !pageHasMain };

  function show(violations) {
    fields.forEach((f, i) => widgets[i].showViolations(violations.filter((v) => v.propertyName === f.name)));
    const rest = violations.filter((v) => !fields.some((f) => f.name === v.propertyName));
    general.replaceChildren(...rest.map((v) => violationItem(v, msg)));
    const errors = violations.filter((v) => v.severity === 'error').length;
    const warnings = violations.length - errors;
    save.disabled = errors > 0;
    status.textContent = errors ? msg('strata-editor-status-errors', errors) : warnings ? msg('strata-editor-status-warnings', warnings) : msg('strata-editor-status-clean');
  }

  /** Validates in the browser: no request leaves it. A value the core cannot read is an error at its field. */
  function check() {
    let violations;
    try {
      violations = validator.validate(body(), context).violations.map((v) => ({ ...v, text: describe(v, msg) }));
    } catch (error) {
      violations = [{ propertyName: error.details?.propertyName ?? null, code: error.code, severity: 'error', text: error.message }];
    }
    show(violations);
    return violations;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (check().some((v) => v.severity === 'error')) return;
    save.disabled = true;
    status.textContent = msg('strata-editor-status-saving');
    const payload = { ...body(), comment: msg('strata-editor-summary') };
    let answer;
    if (existing) answer = await call('PUT', `/subject/${encodeURIComponent(options.subjectId)}`, payload, etag);
    else if (options.pageId) answer = await call('POST', `/page/${options.pageId}/${pageHasMain ? 'subjects' : 'mainSubject'}`, { ...payload, schema: schemaName }, etag);
    else answer = await call('POST', '/subjects', { ...payload, schema: schemaName, pageTitle: titleInput.value });
    if (answer.status === 200 || answer.status === 201) {
      const id = options.subjectId || answer.body?.subjectId || answer.body?.subject?.id || '';
      const title = answer.body?.pageTitle ?? answer.body?.subject?.pageTitle ?? existing?.pageTitle ?? options.pageTitle ?? titleInput?.value;
      window.location.assign(`${pageUrl(title)}${id ? `#subject-${id}` : ''}`);
      return;
    }
    save.disabled = false;
    const server = (answer.body?.violations ?? []).map((v) => ({ ...v, text: describe(v, msg) }));
    if (server.length) show(server);
    status.textContent = answer.status === 409 || answer.status === 412
      ? msg('strata-editor-status-conflict')
      : answer.body?.message ?? msg('strata-editor-status-failed', answer.status);
  });

  root.replaceChildren(...(notices ? [notices] : []), form);
  check();
  return { form, check };
}
