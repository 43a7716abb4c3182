// Pre-save validation in the browser: loads the web build of the core and lists the violations.
import { loadCore } from '../src/loader.js';

const $ = (id) => document.getElementById(id);

$('schema').value = JSON.stringify({
  propertyDefinitions: {
    Name: { type: 'text', required: { severity: 'error' } },
    Born: { type: 'date', maximum: '2000-01-01' },
    Website: { type: 'url' },
  },
}, null, 2);
$('subject').value = JSON.stringify({
  schema: 'Person',
  label: 'Ada',
  statements: {
    Born: { propertyType: 'date', value: ['2024-02-30'] },
    Website: { propertyType: 'url', value: ['ftp://example.org'] },
  },
}, null, 2);

function show(violations) {
  const list = $('violations');
  list.replaceChildren(...violations.map((v) => {
    const item = document.createElement('li');
    item.className = `violation ${v.severity}`;
    item.dataset.code = v.code;
    item.textContent = `${v.severity}: ${v.propertyName ?? '(Subject)'} — ${v.code}${v.args.length ? ` (${v.args.join(', ')})` : ''}`;
    return item;
  }));
  $('status').textContent = violations.length ? `${violations.length} violation(s)` : 'No violations';
}

const core = await loadCore();
$('status').textContent = 'Ready';
$('validate').disabled = false;
$('validate').addEventListener('click', () => {
  try {
    show(core.validate({ schema: JSON.parse($('schema').value), subject: JSON.parse($('subject').value) }).violations);
  } catch (error) {
    $('violations').replaceChildren();
    $('status').textContent = `${error.code ?? 'error'}: ${error.message}`;
  }
});
