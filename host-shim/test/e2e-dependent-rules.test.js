// The Dependent-Subject rules through HTTP, on the reference host or on the wiki STRATA_E2E_URL names
// (test-support/target.js): a relation to a Dependent Subject held by another page is refused with
// 422, whether the property's target Schemas are dependent (dependent-target-not-on-page) or not
// (relation-to-dependent-subject), and nothing is stored: the page the refused Subject would have made
// does not exist.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { hostName, startWithSysop, unique } from '../test-support/target.js';

const PERSON_NAME = unique('Person');
const ADDRESS_NAME = unique('Address');
const PERSON = {
  propertyDefinitions: {
    Knows: { type: 'relation', targetSchemas: [PERSON_NAME], multiple: true },
    Home: { type: 'relation', targetSchemas: [ADDRESS_NAME] },
  },
};
const ADDRESS = { subjectsAreDependent: true, propertyDefinitions: { Street: { type: 'text' } } };
const relation = (target) => ({ propertyType: 'relation', value: [{ target }] });

let target;
let sam;
before(async () => ({ target, sam } = await startWithSysop()));
after(() => target.remove());

test(`relations to a Dependent Subject on another page are refused with 422 (${hostName})`, async () => {
  for (const [name, schema] of [[PERSON_NAME, PERSON], [ADDRESS_NAME, ADDRESS]]) {
    assert.equal((await sam.rest('PUT', `${V0}/schema/${name}`, { body: { schema } })).status, 201);
  }
  const [address] = (await sam.rest('POST', `${V0}/subject-ids`, { body: { count: 1 } })).json.subjectIds;
  const ada = await sam.rest('POST', `${V0}/subjects`, {
    body: { schema: PERSON_NAME, label: unique('Ada'), statements: { Home: relation(address) },
      dependentSubjects: [{ id: address, schema: ADDRESS_NAME, statements: { Street: { propertyType: 'text', value: ['Main St 1'] } } }] },
  });
  assert.equal(ada.status, 201, ada.text);

  const cases = [
    ['a dependent property', { Home: relation(address) }, 'dependent-target-not-on-page'],
    ['a standalone property', { Knows: relation(address) }, 'relation-to-dependent-subject'],
    ['an undeclared property', { Lodger: relation(address) }, 'relation-to-dependent-subject'],
  ];
  for (const [what, statements, code] of cases) {
    const label = `${unique('Bob')} ${what}`;
    const refused = await sam.rest('POST', `${V0}/subjects`, { body: { schema: PERSON_NAME, label, statements } });
    assert.equal(refused.status, 422, `${what}: ${refused.text}`);
    assert.equal(refused.json.errorType, 'dependent-subject-rules');
    assert.ok(refused.json.violations.some((v) => v.code === code && v.args[0] === address), `${what}: ${refused.text}`);
    const pages = (await sam.get({ action: 'query', titles: label })).query.pages;
    assert.deepEqual(pages.map((p) => p.missing), [true], `${what}: a page was made: ${JSON.stringify(pages)}`);
  }
  const knows = await sam.rest('PUT', `${V0}/subject/${ada.json.subjectId}/statements/Knows`, { body: { statement: relation(address) } });
  assert.equal(knows.status, 422, knows.text);
});
