// The widgets of the Subject editor, one per field input the core names (`editorFields`): each makes
// its DOM from a field and a stored Statement and reads back a Statement value of the field's shape.
// Relation targets are chosen by searching `subject-labels`. No rule of the data is decided here: the
// core's validator judges every value.

const h = (tag, props = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('aria') || key === 'for' || key === 'list' || key === 'role') el.setAttribute(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value);
    else el[key] = value;
  }
  el.append(...children.filter((c) => c !== null && c !== undefined));
  return el;
};
export { h };

const INPUT_TYPES = { text: 'text', url: 'url', date: 'date', dateTime: 'text', number: 'number' };
const SEARCH_DELAY_MS = 150;

/** The stored value as parts for the widgets: one entry per value part. */
function storedParts(field, statement) {
  const value = statement?.value;
  if (value === undefined || value === null) return [];
  if (field.shape === 'number' || field.shape === 'boolean' || field.shape === 'raw') return [value];
  return Array.isArray(value) ? value : [];
}

/** One text-like part: text, url, date, dateTime (typed as written, with its offset) or number. */
function plainPart(field, value, labelledBy) {
  const input = h('input', { type: INPUT_TYPES[field.input] ?? 'text', value: value ?? '', ariaLabelledby: labelledBy });
  if (field.input === 'number') {
    input.step = field.precision === undefined ? 'any' : String(10 ** -field.precision);
    if (field.minimum !== undefined) input.dataset.minimum = field.minimum;
  }
  if (field.input === 'dateTime') input.placeholder = '2026-05-14T19:30:00+02:00';
  return { el: input, read: () => input.value.trim() };
}

function monolingualPart(value, labelledBy, msg) {
  const text = h('input', { type: 'text', value: value?.text ?? '', ariaLabelledby: labelledBy });
  const language = h('input', { type: 'text', className: 'language', value: value?.language ?? '', ariaLabel: msg('strata-editor-language'), placeholder: 'en' });
  return {
    el: h('span', { className: 'monolingual' }, text, ' ', language),
    read: () => (text.value.trim() === '' ? null : { text: text.value, language: language.value.trim() }),
  };
}

/** A relation part: a search box over `subject-labels` of the target Schemas; the chosen ID is kept. */
function relationPart(field, value, labelledBy, env) {
  const state = { target: value?.target ?? '', id: value?.id, properties: value?.properties };
  const search = h('input', { type: 'search', value: env.names[state.target] ?? state.target, ariaLabelledby: labelledBy, autocomplete: 'off',
    placeholder: env.msg('strata-editor-relation-search') });
  const chosen = h('code', { className: 'relation-target' }, state.target);
  const list = h('ul', { className: 'suggestions', hidden: true, role: 'listbox' });
  let timer = null;
  const choose = (row) => {
    state.target = row.id;
    search.value = row.label;
    chosen.textContent = row.id;
    list.hidden = true;
    env.changed();
  };
  search.addEventListener('input', () => {
    state.target = /^s[0-9A-Za-z]{14}$/.test(search.value.trim()) ? search.value.trim() : '';
    chosen.textContent = state.target;
    env.changed();
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (search.value.trim() === '') { list.hidden = true; return; }
      const rows = await env.searchLabels(search.value.trim(), field.targetSchemas ?? []);
      list.replaceChildren(...rows.map((row) => h('li', {}, h('button', { type: 'button', role: 'option', onclick: () => choose(row) },
        `${row.label} (${row.pageTitle})`))));
      list.hidden = rows.length === 0;
    }, SEARCH_DELAY_MS);
  });
  search.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && !list.hidden) { event.preventDefault(); list.querySelector('button')?.focus(); }
  });
  return {
    el: h('span', { className: 'relation' }, search, ' ', chosen, list),
    read: () => (state.target === '' ? (search.value.trim() === '' ? null : { target: search.value.trim() })
      : { ...(state.id && state.target === value?.target ? { id: state.id } : {}), target: state.target,
        ...(state.properties && state.target === value?.target ? { properties: state.properties } : {}) }),
  };
}

function selectPart(field, value, labelledBy, msg) {
  const select = h('select', { ariaLabelledby: labelledBy }, h('option', { value: '' }, msg('strata-editor-select-none')),
    ...(field.options ?? []).map((o) => h('option', { value: o.id, selected: o.id === value }, o.label)));
  return { el: select, read: () => select.value };
}

function booleanPart(value, labelledBy, msg) {
  const select = h('select', { ariaLabelledby: labelledBy },
    h('option', { value: '' }, msg('strata-editor-boolean-unset')), h('option', { value: 'true', selected: value === true }, msg('strata-editor-boolean-yes')),
    h('option', { value: 'false', selected: value === false }, msg('strata-editor-boolean-no')));
  return { el: select, read: () => (select.value === '' ? null : select.value === 'true') };
}

function makePart(field, value, labelledBy, env) {
  switch (field.input) {
    case 'monolingualText': return monolingualPart(value, labelledBy, env.msg);
    case 'relation': return relationPart(field, value, labelledBy, env);
    case 'select': return selectPart(field, value, labelledBy, env.msg);
    case 'boolean': return booleanPart(value, labelledBy, env.msg);
    case 'raw': return { el: h('code', {}, JSON.stringify(value)), read: () => value };
    default: return plainPart(field, value, labelledBy);
  }
}

/** The Statement value of a field's parts, or null when it has none (the Statement is left out). */
function statementValue(field, values) {
  const present = values.filter((v) => v !== null && v !== '' && v !== undefined);
  if (present.length === 0) return null;
  if (field.shape === 'number') return present[0] === '' ? null : Number(present[0]);
  if (field.shape === 'boolean' || field.shape === 'raw') return present[0];
  return present;
}

/** One violation as a list item: its severity and text, its code as `data-code`. */
export function violationItem(v, msg) {
  return h('li', { className: `violation ${v.severity}`, dataset: { code: v.code } }, msg(v.severity === 'error' ? 'strata-editor-violation-error' : 'strata-editor-violation-warning', v.text));
}

/**
 * A field's DOM and its reader: `{el, statement(), showViolations(list)}`. `env`: `{names, changed,
 * searchLabels, msg}` (`names`: display names of known Subject IDs; `msg`: the host's messages,
 * editor-messages.js).
 */
export function makeField(field, statement, env, index) {
  const labelId = `field-label-${index}`;
  const messagesId = `field-messages-${index}`;
  const parts = [];
  const partsBox = h('div', { className: 'parts' });
  const many = field.multiple;
  const addPart = (value) => {
    const part = makePart(field, value, labelId, env);
    const row = h('div', { className: 'part' }, part.el);
    part.el.setAttribute?.('aria-describedby', messagesId);
    if (many) {
      row.append(h('button', { type: 'button', className: 'remove-value', ariaLabel: env.msg('strata-editor-remove-value-label', field.name), onclick: () => {
        parts.splice(parts.indexOf(part), 1);
        row.remove();
        env.changed();
      } }, env.msg('strata-editor-remove-value')));
    }
    parts.push(part);
    partsBox.append(row);
  };
  const stored = storedParts(field, statement);
  for (const value of stored.length ? stored : [undefined]) addPart(value);
  const required = field.required ? h('span', { className: 'required', title: env.msg('strata-editor-field-required', field.required) }, ' *') : null;
  const label = h('span', { className: 'field-name', id: labelId }, field.name, required);
  const hint = field.description ? h('p', { className: 'hint' }, field.description) : null;
  const add = many ? h('button', { type: 'button', className: 'add-value', onclick: () => { addPart(undefined); env.changed(); } }, env.msg('strata-editor-add-value', field.name)) : null;
  const messages = h('ul', { className: 'violations', id: messagesId, ariaLive: 'polite' });
  const el = h('div', { className: 'field', dataset: { property: field.name, input: field.input } }, label, hint, partsBox, add, messages);
  el.addEventListener('input', () => env.changed());
  el.addEventListener('change', () => env.changed());
  return {
    el,
    statement: () => {
      const value = statementValue(field, parts.map((p) => p.read()));
      return value === null ? null : { propertyType: field.type, value };
    },
    showViolations: (list) => {
      messages.replaceChildren(...list.map((v) => violationItem(v, env.msg)));
      el.classList.toggle('has-error', list.some((v) => v.severity === 'error'));
      el.classList.toggle('has-warning', list.some((v) => v.severity === 'warning'));
    },
  };
}
