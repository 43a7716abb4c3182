// The Subject editor: a form generated from the Schema (the core's `editorFields`), validated by the
// core's `Validator` in the browser as the person types, each violation shown at its field (errors
// block saving, warnings do not), saved through the REST API with the CSRF token. A host mounts it
// on an element with `mountSubjectEditor`; the reference host's boot script and a MediaWiki
// extension pass their own REST base and token.
import { h, makeField } from './editor-fields.js';

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

function describe(descriptions, v) {
  const args = v.args?.length ? ` (${v.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ')})` : '';
  const part = v.valuePartIndex === undefined ? '' : ` Value ${v.valuePartIndex + 1}.`;
  return `${descriptions[v.code] ?? v.code}${args}${part}`;
}

async function chooseSchema(root, call) {
  const read = await call('GET', '/schemas?limit=500');
  const select = h('select', { id: 'schema-choice' }, h('option', { value: '' }, 'Choose a Schema'),
    ...(read.body?.schemas ?? []).map((s) => h('option', { value: s.name }, s.name)));
  const label = h('label', { for: 'schema-choice' }, 'Schema');
  root.replaceChildren(h('p', {}, label, ' ', select));
  select.focus();
  return new Promise((resolve) => select.addEventListener('change', () => select.value && resolve(select.value)));
}

/**
 * Mounts the editor on `root`. `options`: `{core, rest, csrfToken, pageId, pageTitle, subjectId,
 * schema, pageUrl(title), coreOptions}`: `subjectId` edits that Subject; otherwise a new Subject of
 * `schema` (asked for when empty) is added to page `pageId`, or to a new page whose title the person
 * enters. `coreOptions` (`{sourceKey, sources}`) are the wiki's source keys for the core's checks.
 */
export async function mountSubjectEditor(root, options) {
  const { core, rest, csrfToken, pageUrl } = options;
  const call = restClient(rest, csrfToken);
  let existing = null;
  let etag = null;
  const names = {};
  if (options.subjectId) {
    const path = `/subject/${encodeURIComponent(options.subjectId)}`;
    const read = await call('GET', `${path}?expand=page`);
    if (read.status !== 200) { root.replaceChildren(h('p', { className: 'error', role: 'alert' }, read.body?.message ?? 'The Subject could not be read.')); return null; }
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
    if (read.status !== 200) throw new Error(read.body?.message ?? `the page could not be read (${read.status})`);
    etag = read.etag;
    pageHasMain = read.body.mainSubjectId !== null;
  }
  const schemaName = existing ? (typeof existing.schema === 'string' ? existing.schema : existing.schema.name) : options.schema || await chooseSchema(root, call);
  const schemaRead = await call('GET', `/schema/${encodeURIComponent(schemaName)}`);
  const schema = schemaRead.body?.schema;
  if (!schema) { root.replaceChildren(h('p', { className: 'error', role: 'alert' }, `There is no Schema "${schemaName}".`)); return null; }
  const fields = core.editorFields(schemaName, schema);
  const validator = new core.Validator(schemaName, schema, options.coreOptions);
  const descriptions = core.violationDescriptions();

  const env = {
    names,
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
  const save = h('button', { type: 'submit', className: 'primary' }, 'Save');
  const form = h('form', { className: 'subject-form', noValidate: true },
    h('p', { className: 'editing-schema' }, `Schema: ${schemaName}`),
    titleInput ? h('div', { className: 'field' }, h('label', { for: 'page-title' }, 'Page title'), titleInput) : null,
    h('div', { className: 'field', dataset: { property: '' } }, h('label', { for: 'subject-label' }, 'Label'), labelInput, general),
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
  const context = { subjectId: options.subjectId || undefined, isMain: existing ? undefined : Boolean(options.pageId) && !pageHasMain };

  function show(violations) {
    fields.forEach((f, i) => widgets[i].showViolations(violations.filter((v) => v.propertyName === f.name)));
    const rest = violations.filter((v) => !fields.some((f) => f.name === v.propertyName));
    general.replaceChildren(...rest.map((v) => h('li', { className: `violation ${v.severity}`, dataset: { code: v.code } }, v.text)));
    const errors = violations.filter((v) => v.severity === 'error').length;
    const warnings = violations.length - errors;
    save.disabled = errors > 0;
    status.textContent = errors ? `${errors} error(s) to fix before saving` : warnings ? `${warnings} warning(s); you can save` : 'No problems found';
  }

  /** Validates in the browser: no request leaves it. A value the core cannot read is an error at its field. */
  function check() {
    let violations;
    try {
      violations = validator.validate(body(), context).violations.map((v) => ({ ...v, text: describe(descriptions, v) }));
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
    status.textContent = 'Saving…';
    const payload = { ...body(), comment: 'Edited in the Subject editor' };
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
    const server = (answer.body?.violations ?? []).map((v) => ({ ...v, text: describe(descriptions, v) }));
    if (server.length) show(server);
    status.textContent = answer.status === 409 || answer.status === 412
      ? 'Someone else saved this page first. Reload to see their changes, then edit again.'
      : answer.body?.message ?? `Saving failed (${answer.status}).`;
  });

  root.replaceChildren(form);
  check();
  return { form, check };
}
