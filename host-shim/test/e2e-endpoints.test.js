// Every Subject, Page and Schema endpoint through HTTP, on the reference host or on the wiki
// STRATA_E2E_URL names (test-support/target.js). The wiki may hold other tests' pages: every name here
// is unique to the run, and the lists are checked for this file's Schemas and their order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { hostName, latestRevisionId, startWithSysop, unique } from '../test-support/target.js';

const STEM = unique('E');
const [PERSON_NAME, ADDRESS_NAME, BROKEN_NAME, NOBODY_NAME, DOOMED_NAME] = ['Person', 'Address', 'Broken', 'Nobody', 'Doomed'].map((n) => `${STEM}${n}`);
const title = (name) => `${STEM} ${name}`;
const PERSON = {
  propertyDefinitions: {
    Name: { type: 'text', required: true },
    Knows: { type: 'relation', targetSchemas: [PERSON_NAME], multiple: true },
    Home: { type: 'relation', targetSchemas: [ADDRESS_NAME] },
    Role: { type: 'select', options: [{ id: 'o1role1aaaaaaa1', label: 'Author' }] },
  },
};
const ADDRESS = { subjectsAreDependent: true, propertyDefinitions: { Street: { type: 'text' } } };
const text = (...value) => ({ propertyType: 'text', value });
const relation = (...targets) => ({ propertyType: 'relation', value: targets.map((target) => ({ target })) });

let target;
let sam;
before(async () => ({ target, sam } = await startWithSysop()));
after(() => target.remove());

/** Every Schema name of `/schemas`, walked `limit` at a time with the cursor. */
async function allSchemaNames(limit) {
  const names = [];
  let cursor = null;
  do {
    const page = await sam.rest('GET', `${V0}/schemas?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.equal(page.status, 200, page.text);
    assert.ok(page.json.schemas.length <= limit);
    names.push(...page.json.schemas.map((s) => s.name));
    cursor = page.json.nextCursor ?? null;
  } while (cursor);
  return names;
}

describe(`Schemas (${hostName})`, () => {
  test('PUT creates (201), replaces (200) and refuses an invalid Schema (400 with messageTranslations)', async () => {
    const created = await sam.rest('PUT', `${V0}/schema/${PERSON_NAME}`, { body: { schema: PERSON, comment: 'new' } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.schema.propertyDefinitions.Name, { type: 'text', required: true });
    const replaced = await sam.rest('PUT', `${V0}/schema/${PERSON_NAME}`, { body: { schema: PERSON } });
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal((await sam.rest('PUT', `${V0}/schema/${ADDRESS_NAME}`, { body: { schema: ADDRESS } })).status, 201);

    const invalid = await sam.rest('PUT', `${V0}/schema/${BROKEN_NAME}`, { body: { schema: { propertyDefinitions: { X: { type: 'number', minimum: 5, maximum: 1 } } } } });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.json.errorType, 'invalid-schema');
    assert.match(invalid.json.messageTranslations.en, /minimum is greater than maximum/);
  });

  test('GET one, the list with its cursor, schema-names and json-schema', async () => {
    const one = await sam.rest('GET', `${V0}/schema/${PERSON_NAME}`);
    assert.equal(one.status, 200);
    assert.deepEqual(Object.keys(one.json.schema.propertyDefinitions), ['Name', 'Knows', 'Home', 'Role']);
    assert.deepEqual((await sam.rest('GET', `${V0}/schema/${NOBODY_NAME}`)).json, { schema: null });

    // Pages of two and one page of everything list the same names, in order, this file's among them.
    const byTwo = await allSchemaNames(2);
    assert.deepEqual(byTwo, await allSchemaNames(500));
    assert.deepEqual(byTwo.filter((name) => name.startsWith(STEM)), [ADDRESS_NAME, PERSON_NAME]);

    // A title's first letter is case-insensitive, as MediaWiki's.
    const prefix = `${STEM[0].toLowerCase()}${STEM.slice(1)}Pe`;
    assert.deepEqual((await sam.rest('GET', `${V0}/schema-names/${prefix}`)).json, { schemaNames: [PERSON_NAME] });

    const jsonSchema = await sam.rest('GET', `${V0}/schema/${PERSON_NAME}/json-schema`);
    assert.equal(jsonSchema.status, 200);
    assert.match(jsonSchema.json.$schema, /json-schema\.org/);
    assert.deepEqual(jsonSchema.json.properties.statements.required, ['Name']);
  });

  test('DELETE answers 200, then 404 for the Schema that is gone', async () => {
    await sam.rest('PUT', `${V0}/schema/${DOOMED_NAME}`, { body: { schema: { propertyDefinitions: {} } } });
    const deleted = await sam.rest('DELETE', `${V0}/schema/${DOOMED_NAME}`, { body: { comment: 'not needed' } });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.json, { status: 'deleted', schemaName: DOOMED_NAME });
    assert.equal((await sam.rest('DELETE', `${V0}/schema/${DOOMED_NAME}`)).status, 404);
  });
});

describe(`Subjects and pages (${hostName})`, () => {
  let ada;
  let pageId;
  let addressId;

  test('POST /subjects creates a Subject with a Dependent Subject on a page of its own', async () => {
    [addressId] = (await sam.rest('POST', `${V0}/subject-ids`, { body: { count: 1 } })).json.subjectIds;
    const created = await sam.rest('POST', `${V0}/subjects`, {
      body: {
        schema: PERSON_NAME, label: title('Ada'), statements: { Name: text('Ada Lovelace'), Home: relation(addressId) },
        dependentSubjects: [{ id: addressId, schema: ADDRESS_NAME, statements: { Street: text('Main St 1') } }],
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.status, 'created');
    ada = created.json.subjectId;
    pageId = created.json.subject.pageId;
    assert.equal(created.json.subject.pageTitle, title('Ada'));
  });

  test('GET /subject with expand, revisionId and latest', async () => {
    const plain = await sam.rest('GET', `${V0}/subject/${ada}`);
    assert.equal(plain.status, 200);
    assert.equal(plain.json.requestedId, ada);
    assert.equal(plain.json.subjects[ada].displayName, title('Ada'));
    assert.equal(plain.json.subjects[ada].pageId, undefined);

    const expanded = await sam.rest('GET', `${V0}/subject/local:${ada}?expand=page%7Crelations`);
    assert.equal(expanded.json.requestedId, `local:${ada}`);
    assert.equal(expanded.json.subjects[ada].pageId, pageId);
    assert.deepEqual(expanded.json.subjects[addressId].hostSubject.id, ada);

    const revisionId = await latestRevisionId(sam, pageId);
    const atRevision = await sam.rest('GET', `${V0}/subject/${ada}?revisionId=${revisionId}`);
    assert.equal(atRevision.status, 200);
    assert.deepEqual(atRevision.json.subjects[ada], plain.json.subjects[ada]);
    assert.deepEqual((await sam.rest('GET', `${V0}/subject/${ada}?latest=1`)).json, plain.json);
    assert.equal((await sam.rest('GET', `${V0}/subject/${ada}?latest=1&revisionId=${revisionId}`)).status, 400);
  });

  test('PUT /subject replaces, and answers unchanged for the same content', async () => {
    const body = { label: title('Ada'), statements: { Name: text('Ada King'), Home: relation(addressId) },
      dependentSubjects: [{ id: addressId, schema: ADDRESS_NAME, statements: { Street: text('Main St 2') } }] };
    const updated = await sam.rest('PUT', `${V0}/subject/${ada}`, { body });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.status, 'updated');
    assert.deepEqual(updated.json.subject.statements.Name.value, ['Ada King']);
    // Sent back as read (relation ids included), nothing changes.
    const again = { ...body, statements: updated.json.subject.statements };
    assert.equal((await sam.rest('PUT', `${V0}/subject/${ada}`, { body: again })).json.status, 'unchanged');
  });

  test('PUT and DELETE of one Statement', async () => {
    const put = await sam.rest('PUT', `${V0}/subject/${ada}/statements/Role`, { body: { statement: { value: ['o1role1aaaaaaa1'] } } });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.json.subject.statements.Role, { propertyType: 'select', value: ['o1role1aaaaaaa1'], valueLabels: ['Author'] });
    const removed = await sam.rest('DELETE', `${V0}/subject/${ada}/statements/Role`, { body: { comment: 'no role' } });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.subject.statements.Role, undefined);
  });

  test('both validate endpoints', async () => {
    const fresh = await sam.rest('POST', `${V0}/subject/validate`, { body: { schema: PERSON_NAME, statements: {} } });
    assert.equal(fresh.status, 200, fresh.text);
    assert.deepEqual(fresh.json.violations.map((v) => [v.code, v.propertyName]), [['required', 'Name']]);
    assert.equal((await sam.rest('POST', `${V0}/subject/validate`, { body: { schema: NOBODY_NAME, statements: {} } })).status, 404);
    const existing = await sam.rest('POST', `${V0}/subject/${ada}/validate`, { body: { statements: { Name: text('Ada'), Knows: relation('s0000000000000z') } } });
    assert.equal(existing.status, 200, existing.text);
    assert.deepEqual(existing.json.violations.map((v) => v.code), ['relation-target-not-found']);
  });

  let bob;
  let carol;
  test('POST /page/{id}/subjects and /page/{id}/mainSubject add Subjects to an existing page', async () => {
    const other = await sam.rest('POST', `${V0}/page/${pageId}/subjects`, { body: { schema: PERSON_NAME, label: title('Bob'), statements: { Name: text('Bob') } } });
    assert.equal(other.status, 201, other.text);
    bob = other.json.subjectId;
    const blank = await sam.rest('POST', `${V0}/subjects`, { body: { schema: PERSON_NAME, statements: { Name: text('Nobody yet') }, pageTitle: title('Blank') } });
    const blankPage = blank.json.subject.pageId;
    assert.equal((await sam.rest('PUT', `${V0}/page/${blankPage}/mainSubject`, { body: { subjectId: null } })).status, 200);
    const main = await sam.rest('POST', `${V0}/page/${blankPage}/mainSubject`, { body: { schema: PERSON_NAME, label: title('Carol'), statements: { Name: text('Carol') } } });
    assert.equal(main.status, 201, main.text);
    carol = main.json.subjectId;
    const read = await sam.rest('GET', `${V0}/page/${blankPage}/mainSubject`);
    assert.equal(read.json.subject.id, carol);
    assert.equal(read.json.subject.pageId, blankPage);
  });

  test('GET /page/{id}/subjects with expand=schemas|relations', async () => {
    await sam.rest('PUT', `${V0}/subject/${bob}/statements/Knows`, { body: { statement: { value: [{ target: carol }] } } });
    const page = await sam.rest('GET', `${V0}/page/${pageId}/subjects?expand=schemas%7Crelations`);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.json.mainSubjectId, ada);
    assert.deepEqual(Object.keys(page.json.subjects), [ada, addressId, bob]);
    assert.deepEqual(Object.keys(page.json.schemas).sort(), [ADDRESS_NAME, PERSON_NAME]);
    assert.deepEqual(Object.keys(page.json.referencedSubjects), [carol]);
  });

  test('PUT /page/{id}/mainSubject and subjectsOrdering', async () => {
    const promoted = await sam.rest('PUT', `${V0}/page/${pageId}/mainSubject`, { body: { subjectId: bob } });
    assert.deepEqual(promoted.json, { pageId, mainSubjectId: bob });
    const ordered = await sam.rest('PUT', `${V0}/page/${pageId}/subjectsOrdering`, { body: { mainSubjectId: ada, otherSubjectIds: [bob, addressId] } });
    assert.equal(ordered.status, 200, ordered.text);
    assert.deepEqual(ordered.json, { pageId, mainSubjectId: ada, otherSubjectIds: [bob, addressId] });
    const page = await sam.rest('GET', `${V0}/page/${pageId}/subjects`);
    assert.deepEqual(Object.keys(page.json.subjects), [ada, bob, addressId]);
  });

  test('POST /subject/{id}/move takes the Dependent Subjects along; DELETE removes them', async () => {
    const target = (await sam.rest('POST', `${V0}/subjects`, { body: { schema: PERSON_NAME, label: title('Dora'), statements: { Name: text('Dora') } } })).json.subject.pageId;
    const moved = await sam.rest('POST', `${V0}/subject/${ada}/move`, { body: { targetPageId: target } });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.json, { status: 'moved', subjectId: ada, fromPageId: pageId, toPageId: target, movedDependentSubjectIds: [addressId] });
    const deleted = await sam.rest('DELETE', `${V0}/subject/${ada}`, { body: { comment: 'gone' } });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.json, { status: 'deleted', subjectId: ada, removedDependentSubjectIds: [addressId] });
    assert.equal((await sam.rest('GET', `${V0}/subject/${ada}`)).status, 404);
    assert.equal((await sam.rest('GET', `${V0}/subject/${addressId}`)).status, 404);
  });
});
