// `BatchValidator.validate` takes its JS objects into wasm in an encoded form (js/encode-json.js,
// src/json/encoded/) instead of JSON text; for every tricky input it answers, or throws, exactly as the
// JSON text of the same objects does (test-support/objects-in-cases.js, also run in Chromium).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { exampleSubjects } from '../../scripts/bench/example-subjects.mjs';
import { loadCore } from '../src/loader.js';
import { bothWays, cases, getterReads, schemas } from '../test-support/objects-in-cases.js';

const core = await loadCore();
const batch = new core.BatchValidator(schemas);

for (const c of cases) {
  test(`objects in: ${c.name}`, () => {
    const { objects, text } = bothWays(batch, c);
    assert.deepEqual(objects, text);
  });
}

test('objects in: the cases reach every outcome (answers, item errors, batch errors)', () => {
  const all = cases.map((c) => bothWays(batch, c).objects);
  const nesting = (n) => all[cases.findIndex((c) => c.name === `nesting of ${n} containers`)];
  assert.equal(nesting(127).answer?.errors[0]?.code, 'value-shape-mismatch', 'as deep as the reader reads: an answer');
  assert.match(nesting(128).error?.message, /recursion limit/);
  assert.ok(all.some((o) => o.answer?.violations.some((v) => v?.length > 0)), 'some violations');
  assert.ok(all.some((o) => o.answer?.errors.length > 0), 'some item errors');
  assert.ok(all.some((o) => o.error?.code === 'invalid-argument' && /recursion limit/.test(o.error.message)), 'nesting refused by the reader');
  assert.ok(all.some((o) => o.error?.code === 'invalid-argument' && /lone/.test(o.error.message)), 'a lone surrogate refused');
  assert.ok(all.some((o) => o.error?.message === 'items cannot be converted to JSON'), 'a cycle or a BigInt');
});

test('objects in: a getter is read once when the walker writes the batch, again when it falls back', () => {
  const encoded = getterReads(batch, false);
  const fellBack = getterReads(batch, true);
  assert.equal(encoded.reads, 1);
  assert.equal(fellBack.reads, 2);
  assert.deepEqual(encoded.answer, { violations: [[]], errors: [] });
});

test('objects in: the example wiki answers as through JSON text, and validate(undefined) still says what is missing', () => {
  const example = exampleSubjects(fileURLToPath(new URL('../../examples/wiki', import.meta.url)));
  const wiki = new core.BatchValidator(Object.fromEntries(example.schemas));
  const items = example.work.map((w) => ({ subject: w.subject, context: w.context }));
  const answer = wiki.validate(items);
  assert.deepEqual(answer, JSON.parse(wiki.validateJson(JSON.stringify(items))));
  assert.equal(answer.violations.length, items.length);
  for (const missing of [undefined, null]) {
    assert.throws(() => wiki.validate(missing), (e) => e.code === 'invalid-argument' && /items/.test(e.message));
  }
});
