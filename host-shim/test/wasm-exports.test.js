// The wasm module's exports as Node callers use them: validate, Validator, normalizeContent, RdfProjector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from '../src/loader.js';

const core = await loadCore();

const person = {
  propertyDefinitions: {
    Name: { type: 'text', required: { severity: 'error' } },
    Age: { type: 'number', minimum: 0, maximum: 150 },
    Status: { type: 'select', options: [{ id: 'o1', label: 'Active' }, { id: 'o2', label: 'Retired' }] },
    Title: { type: 'monolingualText', multiple: true },
  },
};

const codes = (result) => result.violations.map((v) => `${v.propertyName}:${v.code}`);

test('validate normalizes the Subject, then reports its violations', () => {
  const result = core.validate({
    schema: person,
    subject: {
      schema: 'person',
      label: 'Ada',
      statements: {
        Age: { propertyType: 'number', value: 151 },
        Status: { propertyType: 'select', value: [' retired '] },
        Title: { propertyType: 'monolingualText', value: [{ text: ' Dr ', language: 'EN' }] },
      },
    },
  });
  assert.deepEqual(codes(result), ['Name:required', 'Age:max-value']);
  assert.deepEqual(result.violations[1], { propertyName: 'Age', code: 'max-value', args: [150], severity: 'warning' });
});

test('a missing Schema is reported as schema-not-found', () => {
  const result = core.validate({ schema: null, subject: { schema: 'Ghost', statements: {} } });
  assert.deepEqual(result.violations, [{ propertyName: null, code: 'schema-not-found', args: ['Ghost'], severity: 'warning' }]);
});

test('bad input throws a StrataError with a stable code, and the module keeps working', () => {
  const cases = [
    [() => core.validate(undefined), 'invalid-argument'],
    [() => core.validate({ subject: { schema: 'P', statements: { Age: { propertyType: 'number', value: 'old' } } }, schema: person }), 'value-shape-mismatch'],
    [() => core.validate({ subject: { schema: 'P', statements: { Title: { propertyType: 'monolingualText', value: [{ text: 'x', language: 'e n' }] } } }, schema: person }), 'invalid-language-tag'],
    [() => core.validate({ subject: { schema: 'P', statements: { Status: { propertyType: 'select', value: [{ id: 'o1', label: 'Retired' }] } } }, schema: person }), 'select-id-label-mismatch'],
    [() => core.validate({ subject: { schema: 'P', statements: {} }, schema: { propertyDefinitions: { X: { type: 'relation' } } } }), 'invalid-schema'],
    [() => new core.Validator('Person', { propertyDefinitions: 5 }), 'invalid-schema'],
    [() => core.normalizeContent({ subjects: 3 }), 'malformed-content'],
  ];
  let deep = {};
  for (let i = 0, cur = deep; i < 100000; i++) cur = cur.a = {};
  cases.push([() => core.validate({ subject: deep, schema: null }), 'invalid-argument']);
  for (const [call, code] of cases) {
    assert.throws(call, (e) => e.name === 'StrataError' && e.code === code && e.message.length > 0, code);
  }
  assert.equal(core.validate({ schema: null, subject: { schema: 'X', statements: {} } }).violations.length, 1);
});

test('a Validator compiles once and validates many Subjects, from objects or JSON text', () => {
  const v = new core.Validator('Person', person);
  const ok = { label: 'Ada', statements: { Name: { propertyType: 'text', value: ['Ada'] } } };
  for (let i = 0; i < 100; i++) assert.deepEqual(v.validate(ok), { violations: [] });
  assert.deepEqual(JSON.parse(v.validateJson(JSON.stringify(ok))), { violations: [] });
  const unlabelled = v.validate({ statements: {} }, { isMain: false, subjectId: 's1demo1aaaaaaa1' });
  assert.deepEqual(codes(unlabelled), ['null:label-required', 'Name:required']);
  // validateJson, called again and again with one kept arena: the same answers as validate, for text
  // of any script and with the context given as text, null or left out.
  const context = { isMain: false, subjectId: 's1demo1aaaaaaa1' };
  for (let i = 0; i < 50; i++) {
    const label = ['Ada', 'Zoë', '日本語', '🚀'][i % 4];
    const subject = { label, statements: { Name: { propertyType: 'text', value: [label] } } };
    assert.deepEqual(JSON.parse(v.validateJson(JSON.stringify(subject))), v.validate(subject));
    assert.deepEqual(JSON.parse(v.validateJson(JSON.stringify(subject), null)), v.validate(subject));
    assert.deepEqual(JSON.parse(v.validateJson('{"statements": {}}', JSON.stringify(context))), unlabelled);
  }
  for (const [subject, ctx] of [[undefined, undefined], [42, undefined], [ok, undefined], ['{}', 42], ['{"statements": ', undefined], ['{}', '{"isMain": ']]) {
    assert.throws(() => v.validateJson(subject, ctx), (e) => e.name === 'StrataError' && e.code === 'invalid-argument', String(subject));
  }
});

test('a BatchValidator reads text of any script, from JSON text or objects, as a Validator does', () => {
  const schema = { propertyDefinitions: { Name: { type: 'text', maxLength: 3 }, Title: { type: 'monolingualText', multiple: true, uniqueItems: true } } };
  const batch = new core.BatchValidator({ Person: schema });
  const one = new core.Validator('Person', schema);
  // Names of 3 code points in 1-, 2-, 3- and 4-byte UTF-8, then 4.
  const names = ['abc', 'äöü', '日本語', '🚀🚀🚀', '🚀ab£'];
  const items = names.map((name) => ({
    subject: { schema: 'Person', label: name, statements: { Name: { propertyType: 'text', value: [name] }, Title: { propertyType: 'monolingualText', value: [{ text: name, language: 'de' }, { text: ` ${name} `, language: 'DE' }] } } },
    context: { subjectId: 's1demo1aaaaaaa1' },
  }));
  const fromObjects = batch.validate(items);
  assert.deepEqual(JSON.parse(batch.validateJson(JSON.stringify(items))), fromObjects);
  assert.deepEqual(fromObjects.violations, items.map((item) => one.validate(item.subject, item.context).violations));
  assert.deepEqual(fromObjects.violations.map((v) => v.map((x) => `${x.propertyName}:${x.code}`)), [
    ['Title:unique'], ['Title:unique'], ['Title:unique'], ['Title:unique'],
    ['Name:max-length', 'Title:unique'],
  ]);
  // JSON.stringify escapes a lone surrogate (which the reader refuses, as serde_json does); raw in the
  // text it reads as U+FFFD: three code points, then four.
  const raw = (name) => `[{"subject":{"schema":"Person","statements":{"Name":{"propertyType":"text","value":["${name}"]}}}}]`;
  assert.deepEqual(JSON.parse(batch.validateJson(raw('x\uD800y'))).violations, [[]]);
  assert.deepEqual(JSON.parse(batch.validateJson(raw('\uD800\uD800\uD800\uD800'))).violations[0].map((x) => x.code), ['max-length']);
  for (const bad of [undefined, 42, { length: 3 }]) {
    assert.throws(() => batch.validateJson(bad), (e) => e.name === 'StrataError' && e.code === 'invalid-argument', String(bad));
  }
  assert.throws(() => batch.validateJson('[{"subject": '), (e) => e.code === 'invalid-argument' && /line 1 column 13/.test(e.message));
});

test('normalizeContent gives the stored form', () => {
  const out = core.normalizeContent(
    {
      mainSubject: 's1demo1aaaaaaa1',
      subjects: {
        s1demo1aaaaaaa1: { schema: 'Person', label: 'Ada', statements: { Status: { propertyType: 'select', value: ['ACTIVE'] }, Gone: null } },
        'x:y': { schema: 'Person', statements: {} },
      },
    },
    { Person: person },
  );
  assert.deepEqual(out, {
    mainSubject: 's1demo1aaaaaaa1',
    subjects: { s1demo1aaaaaaa1: { label: 'Ada', schema: 'Person', statements: { Status: { propertyType: 'select', value: ['o1'] } } } },
  });
});

test('an RdfProjector set up once projects each page as projectRdf does', () => {
  const setup = { schemas: { Person: person }, baseUri: 'http://127.0.0.1:8484/' };
  const page = { pageId: 3, title: 'Ada', prefixedTitle: 'Ada', created: '2026-01-02T03:04:05Z', categories: ['People'] };
  const content = JSON.stringify({ mainSubject: 's1demo1aaaaaaa1', subjects: { s1demo1aaaaaaa1: { schema: 'Person', statements: { Age: { propertyType: 'number', value: 36 } } } } });
  const projector = new core.RdfProjector(setup);
  try {
    for (const prefixes of [true, false]) {
      const text = projector.projectPage(page, content, prefixes);
      assert.equal(text, core.projectRdf({ ...setup, page, content, prefixes }));
      assert.match(text, /36/);
    }
    assert.throws(() => projector.projectPage(null, content, true), { name: 'StrataError', code: 'invalid-argument' });
  } finally {
    projector.free();
  }
  assert.throws(() => new core.RdfProjector({ ...setup, projection: 'wikidata' }), (e) => e.code === 'unknown-projection' && e.details.knownProjections[0] === 'native');
});

test('an RdfProjector names the projections on offer and the IRIs of Subjects', () => {
  const mapping = (target) => ({ version: 1, schema: 'Person', target, prefixes: { ex: 'https://ex.example/' }, subject: { class: 'ex:Thing' }, properties: {} });
  const projector = new core.RdfProjector({ mappings: { B: mapping('wikidata'), A: mapping('schemaorg') }, baseUri: 'http://127.0.0.1:8484/' });
  try {
    assert.deepEqual(projector.projectionNames(), ['native', 'schemaorg', 'wikidata']);
    assert.equal(projector.subjectIri('s1demo1aaaaaaa1'), 'http://127.0.0.1:8484/entity/s1demo1aaaaaaa1');
    assert.throws(() => projector.subjectIri('nope'), { code: 'invalid-argument' });
  } finally {
    projector.free();
  }
});

// The one failure shape of every export (docs/architecture.md, "Failures"), per kind of export.
const failsWith = async (call, code) => {
  let thrown;
  try {
    await call();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof Error, `expected a StrataError ${code}`);
  assert.equal(thrown.name, 'StrataError');
  assert.equal(thrown.code, code);
  assert.ok(thrown.message.length > 0);
  return thrown;
};

test('every kind of export fails with a StrataError: value exports, objects, exports through the host', async () => {
  const bridge = { call: async () => { throw new Error('no host here'); } };
  const title = await failsWith(() => core.normalizeTitle('a/../b'), 'invalid-title');
  assert.equal(title.details.titleError, 'title-invalid-relative');
  await failsWith(() => core.errorResponse('{"code": "no-such-code", "message": "m"}'), 'invalid-argument');
  await failsWith(() => new core.Validator('Person', { propertyDefinitions: 5 }), 'invalid-schema');
  await failsWith(() => new core.RdfProjector(5), 'invalid-argument');
  await failsWith(() => core.handleRoute('{', bridge), 'invalid-argument');
  await failsWith(() => core.projectPageChanges('[]', bridge), 'invalid-argument');
  await failsWith(() => core.handlePageAction('{"action": "move"}', bridge), 'invalid-argument');
  const caller = { userId: 1, name: 'Ann', anonymous: false, bot: false, groups: ['*'], rights: ['read'] };
  const configOnly = { call: async (op) => (op === 'config' ? '{}' : 'null') };
  await failsWith(() => core.handlePageAction(JSON.stringify({ action: 'edit', namespace: 0, title: 'a|b', text: 'x', caller }), configOnly), 'invalidtitle');
  assert.equal(await core.projectPageChanges('{"changes": []}', configOnly), 'null');
});

test('errorResponse makes the REST response of an error the host answers itself', () => {
  const answer = JSON.parse(core.errorResponse(JSON.stringify({ code: 'request-too-large', message: 'Too big.' })));
  assert.equal(answer.status, 413);
  assert.deepEqual(JSON.parse(answer.body), { errorType: 'request-too-large', error: 'request-too-large', message: 'Too big.', messageTranslations: { en: 'Too big.' }, httpCode: 413 });
});
