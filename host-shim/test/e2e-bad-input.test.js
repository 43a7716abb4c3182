// Bad input through HTTP, on the reference host or on the wiki STRATA_E2E_URL names
// (test-support/target.js): each request gets a 4xx with a message that names the problem, in the one
// error-body shape, and the stored data stays as it was (every page's latest revision, read through
// api.php).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { byHost, hostName, startWithSysop, storedState, unique } from '../test-support/target.js';

const PERSON_NAME = unique('Person');
const PERSON = { propertyDefinitions: { Name: { type: 'text' }, Bio: { type: 'monolingualText' }, Knows: { type: 'relation', targetSchemas: [PERSON_NAME] } } };
const MIB = 1024 * 1024;

let target;
let sam;
let subject;
let pageId;
before(async () => {
  ({ target, sam } = await startWithSysop());
  assert.equal((await sam.rest('PUT', `${V0}/schema/${PERSON_NAME}`, { body: { schema: PERSON } })).status, 201);
  const created = await sam.rest('POST', `${V0}/subjects`, { body: { schema: PERSON_NAME, label: unique('Ada'), statements: { Name: { propertyType: 'text', value: ['Ada'] } } } });
  ({ id: subject, pageId } = created.json.subject);
});
after(() => target.remove());

const create = (extra) => ({ schema: PERSON_NAME, statements: {}, ...extra });

// [what, method, path (a function of the fixtures), body, status, errorType, message pattern]
const CASES = [
  ['malformed JSON', 'POST', () => `${V0}/subjects`, '{"schema": "Person",', 400, 'invalid-json', /JSON/],
  ['a body that is not an object', 'PUT', () => `${V0}/subject/${subject}`, '[1, 2]', 400, 'invalid-body', /object/],
  ['an empty body where one is required', 'PUT', () => `${V0}/subject/${subject}`, '', 400, 'invalid-body', /statements/],
  ['statements of the wrong type', 'POST', () => `${V0}/subjects`, create({ statements: 'Name=Ada' }), 400, 'invalid-body', /statements/],
  ['label of the wrong type', 'PUT', () => `${V0}/subject/${subject}`, { statements: {}, label: 7 }, 400, 'invalid-body', /label/],
  ['a missing required field', 'POST', () => `${V0}/subjects`, { statements: {} }, 400, 'invalid-body', /schema/],
  ['an unknown field', 'POST', () => `${V0}/subjects`, create({ colour: 'blue' }), 400, 'invalid-body', /colour/],
  ['an unknown field next to a Schema', 'PUT', () => `${V0}/schema/${PERSON_NAME}`, { schema: PERSON, force: true }, 400, 'invalid-body', /force/],
  ['a Statement value of the wrong shape', 'PUT', () => `${V0}/subject/${subject}/statements/Name`, { statement: { propertyType: 'text', value: 5 } }, 400, 'invalid-content', /Name/],
  ['an invalid language tag', 'PUT', () => `${V0}/subject/${subject}/statements/Bio`, { statement: { value: [{ text: 'Hi', language: 'not a tag' }] } }, 400, 'invalid-content', /language/],
  ['a malformed relation target', 'PUT', () => `${V0}/subject/${subject}/statements/Knows`, { statement: { value: [{ target: 'nobody' }] } }, 400, 'invalid-content', /nobody/],
  ['a Statement of an undeclared property', 'PUT', () => `${V0}/subject/${subject}/statements/Shoe size`, { statement: { value: ['42'] } }, 400, null, /Shoe size/],
  ['a malformed Subject ID in the path', 'GET', () => `${V0}/subject/not-an-id`, undefined, 400, 'invalid-subject-id', /not-an-id/],
  ['a malformed Subject ID on a write', 'PUT', () => `${V0}/subject/s1short`, { statements: {} }, 400, 'invalid-subject-id', /s1short/],
  ['a malformed id to create', 'POST', () => `${V0}/subjects`, create({ id: 'S!' }), 400, 'invalid-subject-id', /id/],
  ['a page ID that is not a number', 'GET', () => `${V0}/page/abc/subjects`, undefined, 400, null, /abc|page/i],
  ['a page ID of zero', 'POST', () => `${V0}/page/0/subjects`, create(), 400, null, /page/i],
  ['a target page ID of the wrong type', 'POST', () => `${V0}/subject/${subject}/move`, { targetPageId: '2' }, 400, 'invalid-body', /targetPageId/],
  ['a revision ID that is not a number', 'GET', () => `${V0}/subject/${subject}?revisionId=latest`, undefined, 400, 'invalid-parameter', /revisionId/],
  ['an unknown expand value', 'GET', () => `${V0}/page/${pageId}/subjects?expand=everything`, undefined, 400, 'invalid-parameter', /expand/],
  ['a count out of range', 'POST', () => `${V0}/subject-ids`, { count: 1001 }, 400, null, /count/],
  ['a limit of zero', 'GET', () => `${V0}/schemas?limit=0`, undefined, 400, 'invalid-parameter', /limit/],
  ['a cursor this API did not hand out', 'GET', () => `${V0}/schemas?cursor=%%%`, undefined, 400, 'invalid-cursor', /cursor/],
  ['a Schema name that cannot be a title', 'PUT', () => `${V0}/schema/A%7CB`, { schema: PERSON }, 400, 'invalid-title', /A\|B/],
  ['a page title in another namespace', 'POST', () => `${V0}/subjects`, create({ pageTitle: 'Schema:Person' }), 400, 'invalid-title', /Schema/],
  ['a body over 2 MiB', 'PUT', () => `${V0}/subject/${subject}`, `{"statements": {}, "label": "${'x'.repeat(2 * MIB)}"}`, 413, 'request-too-large', /2097152 bytes/],
];

for (const [what, method, path, body, status, errorType, message] of CASES) {
  test(`${what} (${hostName})`, async () => {
    const before = await storedState(sam);
    const answer = await sam.rest(method, path(), { body });
    assert.equal(answer.status, status, answer.text);
    assert.match(answer.headers.get('content-type'), /^application\/json/);
    for (const key of ['error', 'errorType', 'httpCode', 'message', 'messageTranslations']) assert.ok(key in answer.json, `no ${key}`);
    assert.equal(answer.json.httpCode, status);
    if (errorType) assert.equal(answer.json.errorType, errorType);
    assert.match(answer.json.message, message);
    assert.deepEqual(await storedState(sam), before, 'stored data changed');
  });
}

test('a body that is not UTF-8 is refused, not stored with replacement characters', async () => {
  const before = await storedState(sam);
  const bytes = Buffer.concat([Buffer.from('{"statements": {}, "label": "Ad'), Buffer.from([0xff, 0xfe]), Buffer.from('a"}')]);
  const answer = await sam.rest('PUT', `${V0}/subject/${subject}`, { body: bytes });
  assert.deepEqual([answer.status, answer.json.errorType], [400, 'invalid-body']);
  assert.match(answer.json.message, /UTF-8/);
  assert.deepEqual(await storedState(sam), before);
});

test('a JSON body labelled as something else is 415; a wrong method is 405 with Allow', async () => {
  const before = await storedState(sam);
  const labelled = await sam.rest('POST', `${V0}/subjects`, { body: JSON.stringify(create({ label: 'Plain' })), headers: { 'content-type': 'text/plain' } });
  assert.deepEqual([labelled.status, labelled.json.errorType], [415, 'unsupported-media-type']);
  assert.deepEqual(await storedState(sam), before);
  const patched = await sam.rest('PATCH', `${V0}/schema/${PERSON_NAME}`, { body: { schema: PERSON } });
  // MediaWiki's router answers a method no route has itself, and lists HEAD with every GET route.
  const allowed = byHost({ reference: 'GET, PUT, DELETE', mediawiki: 'HEAD, GET, PUT, DELETE' });
  assert.deepEqual([patched.status, patched.headers.get('allow')], [405, allowed]);
});

test('after all that, the Subject reads as it was written', async () => {
  const read = await sam.rest('GET', `${V0}/subject/${subject}`);
  assert.deepEqual(read.json.subjects[subject].statements, { Name: { propertyType: 'text', value: ['Ada'] } });
});
