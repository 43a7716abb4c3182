// Unregistered sources through the wasm exports, as a browser or Node caller gets them: the `validate`
// export and a `Validator` report relation-target-unresolvable-source for every relation value whose
// source is not registered (options.sources; the wiki's own key by default), declared or not, and
// when the Schema does not load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCore } from '../src/loader.js';

const core = await loadCore();
const PERSON = { propertyDefinitions: { Friend: { type: 'relation', targetSchemas: ['Person'] } } };
const relation = (target) => ({ propertyType: 'relation', value: [{ target }] });
const subject = { schema: 'Person', label: 'A', statements: { Friend: relation('nosuchsource:abc123'), Elsewhere: relation('other:xyz') } };
const unknown = ({ violations }) => violations.filter((v) => v.code === 'relation-target-unresolvable-source').map((v) => `${v.propertyName} ${v.args[0]}`).sort();

test('unregistered sources are reported on both library paths, declared or not', () => {
  const cases = [
    [undefined, ['Elsewhere other:xyz', 'Friend nosuchsource:abc123']],
    [{ sources: ['other'] }, ['Friend nosuchsource:abc123']],
    [{ sourceKey: 'mine', sources: ['other'] }, ['Friend nosuchsource:abc123']],
  ];
  for (const [options, want] of cases) {
    assert.deepEqual(unknown(core.validate({ subject, schema: PERSON }, options)), want, JSON.stringify(options));
    assert.deepEqual(unknown(new core.Validator('Person', PERSON, options).validate(subject)), want, JSON.stringify(options));
    assert.deepEqual(unknown(core.validate({ subject, schema: null }, options)), want, `${JSON.stringify(options)}, no Schema`);
  }
});

test('sources must be source keys', () => {
  assert.throws(() => core.validate({ subject, schema: PERSON }, { sources: 'other' }), { name: 'StrataError', code: 'invalid-argument' });
  assert.throws(() => core.validate({ subject, schema: PERSON }, { sources: ['not a key!'] }), { name: 'StrataError', code: 'invalid-argument' });
});
