// The slim browser module (pkg/web-slim, docs/ui.md) holds what an editor needs and answers exactly as
// the full module does: same violations for every Subject of the example wiki, same editor fields and
// JSON Schema, same errors; and it stays within its 300 KB gzipped budget (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { exampleSubjects } from '../../scripts/bench/example-subjects.mjs';
import { loadCore, WEB_SLIM_MODULE } from '../src/loader.js';

const full = await loadCore();
const wasm = readFileSync(new URL('strata_bg.wasm', WEB_SLIM_MODULE));
const slim = await import(WEB_SLIM_MODULE.href);
await slim.default({ module_or_path: wasm });
const { schemas, work } = exampleSubjects(fileURLToPath(new URL('../../examples/wiki', import.meta.url)));

test('the slim module exports the editor set and nothing of the REST layer, RDF or rendering', () => {
  const exported = Object.keys(slim).filter((k) => !['default', 'initSync'].includes(k)).sort();
  assert.deepEqual(exported, ['BatchValidator', 'Validator', 'editorFields', 'jsonSchema', 'messageTable',
    'normalizeContent', 'normalizeTitle', 'validate']);
  for (const name of exported) assert.equal(typeof full[name], 'function', `${name} is in the full module too`);
});

test('the slim module validates every example Subject as the full module does', () => {
  const items = work.map((w) => ({ subject: w.subject, context: w.context }));
  const answer = new slim.BatchValidator(Object.fromEntries(schemas)).validate(items);
  assert.deepEqual(answer, new full.BatchValidator(Object.fromEntries(schemas)).validate(items));
  assert.equal(answer.violations.length, work.length);
  assert.ok(answer.violations.some((v) => v.length > 0), 'the example wiki has a Subject at fault');
  for (const w of work) {
    const one = new slim.Validator(w.schemaName, schemas.get(w.schemaName)).validate(w.subject, w.context);
    assert.deepEqual(one, new full.Validator(w.schemaName, schemas.get(w.schemaName)).validate(w.subject, w.context));
  }
});

test('the slim module gives the same editor fields, JSON Schema, titles and errors', () => {
  for (const [name, schema] of schemas) {
    assert.deepEqual(slim.editorFields(name, schema), full.editorFields(name, schema));
    const doc = slim.jsonSchema(name, schema);
    assert.equal(doc.properties.schema.const, name);
    assert.deepEqual(doc, full.jsonSchema(name, schema));
  }
  assert.deepEqual(slim.messageTable(), full.messageTable());
  assert.equal(slim.normalizeTitle('main_page'), full.normalizeTitle('main_page'));
  assert.throws(() => slim.jsonSchema('S', { propertyDefinitions: 3 }), { code: 'invalid-schema' });
  assert.throws(() => slim.normalizeTitle('a|b'), { code: 'invalid-title' });
});

test('the slim module is within 300 KB gzipped', () => {
  const gzipped = gzipSync(wasm).length;
  assert.ok(gzipped <= 300 * 1024, `pkg/web-slim/strata_bg.wasm is ${gzipped} bytes gzipped`);
});
