// The Dependent-Subject rules on the reference host, through HTTP: a relation to a Dependent Subject
// held by another page is refused with 422, whether the property's target Schemas are dependent
// (dependent-target-not-on-page) or not (relation-to-dependent-subject), and nothing is stored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { wikiWithSysop } from '../test-support/wiki-process.js';

const PERSON = {
  propertyDefinitions: {
    Knows: { type: 'relation', targetSchemas: ['Person'], multiple: true },
    Home: { type: 'relation', targetSchemas: ['Address'] },
  },
};
const ADDRESS = { subjectsAreDependent: true, propertyDefinitions: { Street: { type: 'text' } } };
const relation = (target) => ({ propertyType: 'relation', value: [{ target }] });

let wiki;
let sam;
before(async () => {
  ({ wiki, sam } = await wikiWithSysop());
});
after(() => wiki.remove());

test('relations to a Dependent Subject on another page are refused with 422', async () => {
  for (const [name, schema] of [['Person', PERSON], ['Address', ADDRESS]]) {
    assert.equal((await sam.rest('PUT', `${V0}/schema/${name}`, { body: { schema } })).status, 201);
  }
  const [address] = (await sam.rest('POST', `${V0}/subject-ids`, { body: { count: 1 } })).json.subjectIds;
  const ada = await sam.rest('POST', `${V0}/subjects`, {
    body: { schema: 'Person', label: 'Ada', statements: { Home: relation(address) },
      dependentSubjects: [{ id: address, schema: 'Address', statements: { Street: { propertyType: 'text', value: ['Main St 1'] } } }] },
  });
  assert.equal(ada.status, 201, ada.text);

  const cases = [
    ['a dependent property', { Home: relation(address) }, 'dependent-target-not-on-page'],
    ['a standalone property', { Knows: relation(address) }, 'relation-to-dependent-subject'],
    ['an undeclared property', { Lodger: relation(address) }, 'relation-to-dependent-subject'],
  ];
  for (const [what, statements, code] of cases) {
    const refused = await sam.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', label: `Bob ${what}`, statements } });
    assert.equal(refused.status, 422, `${what}: ${refused.text}`);
    assert.equal(refused.json.errorType, 'dependent-subject-rules');
    assert.ok(refused.json.violations.some((v) => v.code === code && v.args[0] === address), `${what}: ${refused.text}`);
    assert.equal((await sam.rest('GET', `${V0}/subjects?search=${encodeURIComponent(`Bob ${what}`)}`)).json.subjects.length, 0);
  }
  const knows = await sam.rest('PUT', `${V0}/subject/${ada.json.subjectId}/statements/Knows`, { body: { statement: relation(address) } });
  assert.equal(knows.status, 422, knows.text);
});
