// The permission matrix through HTTP: anonymous, a user, bots with granted rights, a sysop, and a
// user denied read on one page. Every refused request leaves the stored data as it was.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { Wiki } from '../test-support/wiki-process.js';

const PERSON = { propertyDefinitions: { Name: { type: 'text' }, Knows: { type: 'relation', targetSchemas: ['Person'] } } };
const text = (...value) => ({ propertyType: 'text', value });
const ABSENT_SUBJECT = 's0000000000000z';
const ABSENT_PAGE = 999999;

let wiki;
const as = {};
let publicSubject;
let publicPage;
let secretSubject;
let secretPage;

before(async () => {
  wiki = new Wiki({
    groupRights: { '*': ['read', 'strata-query'] },
    readRestrictions: { pages: { Secret: ['staff', 'sysop'], 'Not for everyone': ['staff'], 'Staff only': ['staff'], 'Schema:Hidden': ['staff', 'sysop'] } },
  });
  await wiki.user('Alice', 'alice password');
  await wiki.user('Eve', 'eve password');
  await wiki.user('Sam', 'sysop password', ['sysop', 'staff']);
  await wiki.user('Bob', 'bob password', ['bot']);
  const bots = {
    bot: await wiki.botPassword('Bob', 'writer', ['read', 'edit', 'createpage', 'bot']),
    botEditor: await wiki.botPassword('Bob', 'editor', ['read', 'edit', 'bot']),
    botReader: await wiki.botPassword('Bob', 'reader', ['read', 'bot']),
  };
  await wiki.start();
  as.anonymous = await wiki.client();
  as.user = await wiki.client('Alice', 'alice password');
  as.sysop = await wiki.client('Sam', 'sysop password');
  as.denied = await wiki.client('Eve', 'eve password');
  for (const [who, { loginName, password }] of Object.entries(bots)) as[who] = await wiki.client(loginName, password);

  for (const name of ['Person', 'Hidden']) {
    assert.equal((await as.sysop.rest('PUT', `${V0}/schema/${name}`, { body: { schema: PERSON } })).status, 201);
  }
  const create = async (pageTitle) => (await as.sysop.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', pageTitle, statements: { Name: text(pageTitle) } } })).json.subject;
  ({ id: secretSubject, pageId: secretPage } = await create('Secret'));
  ({ id: publicSubject, pageId: publicPage } = await create('Public'));
  await as.sysop.rest('PUT', `${V0}/subject/${publicSubject}/statements/Knows`, { body: { statement: { value: [{ target: secretSubject }] } } });
});
after(() => wiki.remove());

/** Sends a request and checks that a refused one left every page at its revision. */
async function refusedOrDone(client, method, path, body) {
  const before = wiki.storedState();
  const answer = await client.rest(method, path, { body });
  if (answer.status >= 400) assert.deepEqual(wiki.storedState(), before, `${method} ${path} answered ${answer.status} and changed data`);
  return answer;
}

describe('CSRF', () => {
  test('a missing or invalid token is 403 badtoken on every data-changing route of the OpenAPI document', async () => {
    const spec = (await as.sysop.rest('GET', '/rest.php/specs/v0/module/-')).json;
    const values = { subjectId: publicSubject, pageId: publicPage, schemaName: 'Person', propertyName: 'Name', name: 'main' };
    const writes = Object.entries(spec.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'X-CSRF-TOKEN'))
      .map(([method]) => [method.toUpperCase(), `/rest.php${path.replace(/\{(\w+)\}/g, (_, name) => values[name])}`]));
    assert.ok(writes.length >= 14, `only ${writes.length} data-changing routes`);
    for (const [method, path] of writes) {
      for (const csrf of [null, 'not-the-token+\\', '+\\']) {
        const before = wiki.storedState();
        const answer = await as.sysop.rest(method, path, { body: {}, csrf });
        assert.equal(answer.status, 403, `${method} ${path} with token ${csrf}`);
        assert.equal(answer.json.errorType, 'badtoken', `${method} ${path}`);
        assert.deepEqual(wiki.storedState(), before);
      }
    }
  });
});

describe('the matrix', () => {
  const CALLERS = ['anonymous', 'user', 'bot', 'botEditor', 'botReader', 'sysop', 'denied'];
  let fresh = 0;
  const unique = (stem) => `${stem} ${(fresh += 1)}`;
  // [what, request(client), status per caller in CALLERS order]
  const cases = [
    ['read a public Subject', (c) => c.rest('GET', `${V0}/subject/${publicSubject}`), [200, 200, 200, 200, 200, 200, 200]],
    ['read the secret Subject', (c) => c.rest('GET', `${V0}/subject/${secretSubject}`), [404, 404, 404, 404, 404, 200, 404]],
    ['read the secret page', (c) => c.rest('GET', `${V0}/page/${secretPage}/subjects`), [404, 404, 404, 404, 404, 200, 404]],
    ['replace a public Subject', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${publicSubject}`, { label: 'Public', statements: { Name: text('Public') } }),
      [403, 200, 200, 200, 403, 200, 200]],
    ['replace the secret Subject', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${secretSubject}`, { statements: { Name: text('Secret') } }),
      [404, 404, 404, 404, 404, 200, 404]],
    ['write a Statement', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${publicSubject}/statements/Name`, { statement: { value: ['Public'] } }),
      [403, 200, 200, 200, 403, 200, 200]],
    ['add a Subject to a public page', (c) => refusedOrDone(c, 'POST', `${V0}/page/${publicPage}/subjects`, { schema: 'Person', statements: {} }),
      [403, 201, 201, 201, 403, 201, 201]],
    ['add a Subject to the secret page', (c) => refusedOrDone(c, 'POST', `${V0}/page/${secretPage}/subjects`, { schema: 'Person', statements: {} }),
      [404, 404, 404, 404, 404, 201, 404]],
    ['create a Subject on a new page', (c) => refusedOrDone(c, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, pageTitle: unique('Fresh') }),
      [403, 201, 201, 403, 403, 201, 201]],
    ['create a page on a title only staff may read', (c) => refusedOrDone(c, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, pageTitle: 'Not for everyone' }),
      [403, 403, 403, 403, 403, 201, 403]],
    ['change a Schema', (c) => refusedOrDone(c, 'PUT', `${V0}/schema/Person`, { schema: PERSON }), [403, 200, 200, 200, 403, 200, 200]],
    ['delete a Schema', async (c) => {
      const name = unique('Disposable');
      await as.sysop.rest('PUT', `${V0}/schema/${name}`, { body: { schema: PERSON } });
      return refusedOrDone(c, 'DELETE', `${V0}/schema/${name}`, {});
    }, [403, 403, 403, 403, 403, 200, 403]],
    ['mint Subject IDs', (c) => c.rest('POST', `${V0}/subject-ids`, { body: { count: 2 } }), [403, 200, 200, 200, 403, 200, 200]],
  ];
  for (const [what, request, statuses] of cases) {
    test(what, async () => {
      const got = [];
      for (const who of CALLERS) got.push((await request(as[who])).status);
      assert.deepEqual(Object.fromEntries(CALLERS.map((who, i) => [who, got[i]])), Object.fromEntries(CALLERS.map((who, i) => [who, statuses[i]])));
    });
  }
});

describe('unreadable looks exactly like absent', () => {
  // The same request for the unreadable and for the absent resource; the bodies must be equal once the
  // requested id is written the same way.
  const pairs = [
    ['GET subject', (id) => ['GET', `${V0}/subject/${id}`]],
    ['GET subject with expand', (id) => ['GET', `${V0}/subject/${id}?expand=page%7Crelations`]],
    ['GET page subjects', (id) => ['GET', `${V0}/page/${id}/subjects`], 'page'],
    ['GET main Subject', (id) => ['GET', `${V0}/page/${id}/mainSubject`], 'page'],
    ['PUT subject', (id) => ['PUT', `${V0}/subject/${id}`, { statements: {} }]],
    ['DELETE subject', (id) => ['DELETE', `${V0}/subject/${id}`, {}]],
    ['PUT statement', (id) => ['PUT', `${V0}/subject/${id}/statements/Name`, { statement: { value: ['x'] } }]],
    ['DELETE statement', (id) => ['DELETE', `${V0}/subject/${id}/statements/Name`, {}]],
    ['move', (id) => ['POST', `${V0}/subject/${id}/move`, { targetPageId: publicPage }]],
    ['validate', (id) => ['POST', `${V0}/subject/${id}/validate`, { statements: {} }]],
    ['POST page subjects', (id) => ['POST', `${V0}/page/${id}/subjects`, { schema: 'Person', statements: {} }], 'page'],
    ['POST main Subject', (id) => ['POST', `${V0}/page/${id}/mainSubject`, { schema: 'Person', statements: {} }], 'page'],
    ['PUT main Subject', (id) => ['PUT', `${V0}/page/${id}/mainSubject`, { subjectId: null }], 'page'],
    ['PUT ordering', (id) => ['PUT', `${V0}/page/${id}/subjectsOrdering`, { otherSubjectIds: [] }], 'page'],
    ['GET Schema', (id) => ['GET', `${V0}/schema/${id}`], 'schema'],
    ['GET JSON Schema', (id) => ['GET', `${V0}/schema/${id}/json-schema`], 'schema'],
    ['DELETE Schema', (id) => ['DELETE', `${V0}/schema/${id}`, {}], 'schema'],
  ];
  for (const [what, request, kind = 'subject'] of pairs) {
    test(what, async () => {
      const [hidden, absent] = { subject: [secretSubject, ABSENT_SUBJECT], page: [secretPage, ABSENT_PAGE], schema: ['Hidden', 'Absent'] }[kind];
      const before = wiki.storedState();
      const send = async (id) => {
        const [method, path, body] = request(id);
        return as.denied.rest(method, path, { body });
      };
      const unreadable = await send(hidden);
      const missing = await send(absent);
      assert.ok([200, 404].includes(unreadable.status), `${what}: ${unreadable.status} ${unreadable.text}`);
      assert.equal(unreadable.status, missing.status);
      assert.equal(unreadable.text.replaceAll(String(hidden), '{id}'), missing.text.replaceAll(String(absent), '{id}'));
      assert.deepEqual(wiki.storedState(), before);
    });
  }

  test('a move to the unreadable page is the move to an absent page', async () => {
    const to = async (pageId) => (await refusedOrDone(as.denied, 'POST', `${V0}/subject/${publicSubject}/move`, { targetPageId: pageId })).text;
    assert.equal((await to(secretPage)).replaceAll(String(secretPage), '{id}'), (await to(ABSENT_PAGE)).replaceAll(String(ABSENT_PAGE), '{id}'));
  });

  test('relations to the unreadable Subject are not expanded, and lists leave the Schema out', async () => {
    await as.sysop.rest('PUT', `${V0}/subject/${publicSubject}/statements/Knows`, { body: { statement: { value: [{ target: secretSubject }] } } });
    const subject = await as.denied.rest('GET', `${V0}/subject/${publicSubject}?expand=relations`);
    assert.deepEqual(Object.keys(subject.json.subjects), [publicSubject]);
    assert.deepEqual(subject.json.subjects[publicSubject].statements.Knows.value.map((v) => v.target), [secretSubject]);
    const page = await as.denied.rest('GET', `${V0}/page/${publicPage}/subjects?expand=relations`);
    assert.deepEqual(page.json.referencedSubjects, []);
    assert.ok(!(await as.denied.rest('GET', `${V0}/schemas?limit=50`)).json.schemas.some((s) => s.name === 'Hidden'));
    assert.deepEqual((await as.denied.rest('GET', `${V0}/schema-names/H`)).json.schemaNames, []);
    assert.deepEqual((await as.sysop.rest('GET', `${V0}/schema-names/H`)).json.schemaNames, ['Hidden']);
  });
});

describe('titles', () => {
  test('a taken title is 409 with pageTitle and nothing about the page holding it', async () => {
    const taken = await refusedOrDone(as.user, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, pageTitle: 'public' });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.errorType, 'title-taken');
    assert.equal(taken.json.pageTitle, 'Public');
    assert.deepEqual(Object.keys(taken.json).sort(), ['error', 'errorType', 'httpCode', 'message', 'messageTranslations', 'pageTitle']);
    const byLabel = await refusedOrDone(as.user, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, label: 'Public' });
    assert.equal(byLabel.status, 409);
    assert.equal(byLabel.json.pageTitle, 'Public');
  });

  test('an unreadable title is refused alike whether it is taken or free', async () => {
    const create = (pageTitle) => refusedOrDone(as.denied, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, pageTitle });
    const taken = await create('Secret');
    const free = await create('Staff only');
    assert.equal(taken.status, 403, taken.text);
    assert.equal(taken.text.replaceAll('Secret', '{title}'), free.text.replaceAll('Staff only', '{title}'));
  });

  test('a title the caller may not create is 403', async () => {
    const answer = await refusedOrDone(as.botEditor, 'POST', `${V0}/subjects`, { schema: 'Person', statements: {}, pageTitle: 'Brand new' });
    assert.equal(answer.status, 403);
    assert.equal(answer.json.errorType, 'permission-denied');
  });
});
