// The permission matrix through HTTP, on the reference host or on the wiki STRATA_E2E_URL names
// (test-support/target.js, configured for the test with `settings`): anonymous, a user, bots with
// granted rights, a sysop, and a user denied read on some pages. Every refused request leaves the
// stored data as it was (every page's latest revision, read through api.php).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { hostName, skipUnless, storedState, Target, unique } from '../test-support/target.js';

const STEM = unique('P');
const [PERSON_NAME, HIDDEN_NAME, ABSENT_NAME] = ['Person', 'Hidden', 'Absent'].map((name) => `${STEM}${name}`);
const [SECRET, PUBLIC, NOT_FOR_EVERYONE, STAFF_ONLY, BRAND_NEW] = ['Secret', 'Public', 'Not for everyone', 'Staff only', 'Brand new'].map((name) => `${STEM} ${name}`);
const PERSON = { propertyDefinitions: { Name: { type: 'text' }, Knows: { type: 'relation', targetSchemas: [PERSON_NAME] } } };
const text = (...value) => ({ propertyType: 'text', value });
const ABSENT_SUBJECT = 's0000000000000z';
const ABSENT_PAGE = 999999;
const SETTINGS = {
  groupRights: { '*': ['read', 'strata-query'] },
  readRestrictions: { pages: { [SECRET]: ['staff', 'sysop'], [NOT_FOR_EVERYONE]: ['staff'], [STAFF_ONLY]: ['staff'], [`Schema:${HIDDEN_NAME}`]: ['staff', 'sysop'] } },
};

let target;
const as = {};
let publicSubject;
let publicPage;
let secretSubject;
let secretPage;

before(async () => {
  if (skipUnless({ settings: true })) return;
  target = await Target.start({ settings: SETTINGS });
  const bob = unique('Bob');
  as.anonymous = await target.anonymous();
  as.user = await target.client(unique('Alice'));
  as.sysop = await target.client(unique('Sam'), ['sysop', 'staff']);
  as.denied = await target.client(unique('Eve'));
  as.bot = await target.client(bob, ['bot'], ['read', 'edit', 'createpage', 'bot']);
  as.botEditor = await target.client(bob, ['bot'], ['read', 'edit', 'bot']);
  as.botReader = await target.client(bob, ['bot'], ['read', 'bot']);

  for (const name of [PERSON_NAME, HIDDEN_NAME]) {
    assert.equal((await as.sysop.rest('PUT', `${V0}/schema/${name}`, { body: { schema: PERSON } })).status, 201);
  }
  const create = async (pageTitle) => (await as.sysop.rest('POST', `${V0}/subjects`, { body: { schema: PERSON_NAME, pageTitle, statements: { Name: text(pageTitle) } } })).json.subject;
  ({ id: secretSubject, pageId: secretPage } = await create(SECRET));
  ({ id: publicSubject, pageId: publicPage } = await create(PUBLIC));
  await as.sysop.rest('PUT', `${V0}/subject/${publicSubject}/statements/Knows`, { body: { statement: { value: [{ target: secretSubject }] } } });
});
after(() => target?.remove());

const stored = () => storedState(as.sysop);

/** Sends a request and checks that a refused one left every page at its revision. */
async function refusedOrDone(client, method, path, body) {
  const before = await stored();
  const answer = await client.rest(method, path, { body });
  if (answer.status >= 400) assert.deepEqual(await stored(), before, `${method} ${path} answered ${answer.status} and changed data`);
  return answer;
}

describe(`CSRF (${hostName})`, { skip: skipUnless({ settings: true }) }, () => {
  test('a missing or invalid token is 403 badtoken on every data-changing route of the OpenAPI document', async () => {
    const spec = (await as.sysop.rest('GET', '/rest.php/specs/v0/module/-')).json;
    const values = { subjectId: publicSubject, pageId: publicPage, schemaName: PERSON_NAME, propertyName: 'Name', name: 'main' };
    const writes = Object.entries(spec.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'X-CSRF-TOKEN'))
      .map(([method]) => [method.toUpperCase(), `/rest.php${path.replace(/\{(\w+)\}/g, (_, name) => values[name])}`]));
    assert.ok(writes.length >= 14, `only ${writes.length} data-changing routes`);
    // Every one is refused, so the stored pages are the same after all of them.
    const before = await stored();
    for (const [method, path] of writes) {
      for (const csrf of [null, 'not-the-token+\\', '+\\']) {
        const answer = await as.sysop.rest(method, path, { body: {}, csrf });
        assert.equal(answer.status, 403, `${method} ${path} with token ${csrf}`);
        assert.equal(answer.json.errorType, 'badtoken', `${method} ${path}`);
      }
    }
    assert.deepEqual(await stored(), before);
  });
});

describe(`the matrix (${hostName})`, { skip: skipUnless({ settings: true }) }, () => {
  const CALLERS = ['anonymous', 'user', 'bot', 'botEditor', 'botReader', 'sysop', 'denied'];
  let count = 0;
  const fresh = (name) => `${STEM} ${name} ${(count += 1)}`;
  // [what, request(client), status per caller in CALLERS order]
  const cases = [
    ['read a public Subject', (c) => c.rest('GET', `${V0}/subject/${publicSubject}`), [200, 200, 200, 200, 200, 200, 200]],
    ['read the secret Subject', (c) => c.rest('GET', `${V0}/subject/${secretSubject}`), [404, 404, 404, 404, 404, 200, 404]],
    ['read the secret page', (c) => c.rest('GET', `${V0}/page/${secretPage}/subjects`), [404, 404, 404, 404, 404, 200, 404]],
    ['replace a public Subject', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${publicSubject}`, { label: PUBLIC, statements: { Name: text(PUBLIC) } }),
      [403, 200, 200, 200, 403, 200, 200]],
    ['replace the secret Subject', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${secretSubject}`, { statements: { Name: text('Secret') } }),
      [404, 404, 404, 404, 404, 200, 404]],
    ['write a Statement', (c) => refusedOrDone(c, 'PUT', `${V0}/subject/${publicSubject}/statements/Name`, { statement: { value: ['Public'] } }),
      [403, 200, 200, 200, 403, 200, 200]],
    ['add a Subject to a public page', (c) => refusedOrDone(c, 'POST', `${V0}/page/${publicPage}/subjects`, { schema: PERSON_NAME, statements: {} }),
      [403, 201, 201, 201, 403, 201, 201]],
    ['add a Subject to the secret page', (c) => refusedOrDone(c, 'POST', `${V0}/page/${secretPage}/subjects`, { schema: PERSON_NAME, statements: {} }),
      [404, 404, 404, 404, 404, 201, 404]],
    ['create a Subject on a new page', (c) => refusedOrDone(c, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, pageTitle: fresh('Fresh') }),
      [403, 201, 201, 403, 403, 201, 201]],
    ['create a page on a title only staff may read', (c) => refusedOrDone(c, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, pageTitle: NOT_FOR_EVERYONE }),
      [403, 403, 403, 403, 403, 201, 403]],
    ['change a Schema', (c) => refusedOrDone(c, 'PUT', `${V0}/schema/${PERSON_NAME}`, { schema: PERSON }), [403, 200, 200, 200, 403, 200, 200]],
    ['delete a Schema', async (c) => {
      const name = `${STEM}Disposable${(count += 1)}`;
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

describe(`unreadable looks exactly like absent (${hostName})`, { skip: skipUnless({ settings: true }) }, () => {
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
    ['POST page subjects', (id) => ['POST', `${V0}/page/${id}/subjects`, { schema: PERSON_NAME, statements: {} }], 'page'],
    ['POST main Subject', (id) => ['POST', `${V0}/page/${id}/mainSubject`, { schema: PERSON_NAME, statements: {} }], 'page'],
    ['PUT main Subject', (id) => ['PUT', `${V0}/page/${id}/mainSubject`, { subjectId: null }], 'page'],
    ['PUT ordering', (id) => ['PUT', `${V0}/page/${id}/subjectsOrdering`, { otherSubjectIds: [] }], 'page'],
    ['GET Schema', (id) => ['GET', `${V0}/schema/${id}`], 'schema'],
    ['GET JSON Schema', (id) => ['GET', `${V0}/schema/${id}/json-schema`], 'schema'],
    ['DELETE Schema', (id) => ['DELETE', `${V0}/schema/${id}`, {}], 'schema'],
  ];
  for (const [what, request, kind = 'subject'] of pairs) {
    test(what, async () => {
      const [hidden, absent] = { subject: [secretSubject, ABSENT_SUBJECT], page: [secretPage, ABSENT_PAGE], schema: [HIDDEN_NAME, ABSENT_NAME] }[kind];
      const before = await stored();
      const send = async (id) => {
        const [method, path, body] = request(id);
        return as.denied.rest(method, path, { body });
      };
      const unreadable = await send(hidden);
      const missing = await send(absent);
      assert.ok([200, 404].includes(unreadable.status), `${what}: ${unreadable.status} ${unreadable.text}`);
      assert.equal(unreadable.status, missing.status);
      assert.equal(unreadable.text.replaceAll(String(hidden), '{id}'), missing.text.replaceAll(String(absent), '{id}'));
      assert.deepEqual(await stored(), before);
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
    const listed = async (client) => (await client.rest('GET', `${V0}/schemas?limit=500`)).json.schemas.map((s) => s.name);
    assert.ok(!(await listed(as.denied)).includes(HIDDEN_NAME));
    assert.ok((await listed(as.sysop)).includes(HIDDEN_NAME));
    assert.deepEqual((await as.denied.rest('GET', `${V0}/schema-names/${STEM}H`)).json.schemaNames, []);
    assert.deepEqual((await as.sysop.rest('GET', `${V0}/schema-names/${STEM}H`)).json.schemaNames, [HIDDEN_NAME]);
  });
});

describe(`titles (${hostName})`, { skip: skipUnless({ settings: true }) }, () => {
  test('a taken title is 409 with pageTitle and nothing about the page holding it', async () => {
    const taken = await refusedOrDone(as.user, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, pageTitle: `${PUBLIC[0].toLowerCase()}${PUBLIC.slice(1)}` });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.errorType, 'title-taken');
    assert.equal(taken.json.pageTitle, PUBLIC);
    assert.deepEqual(Object.keys(taken.json).sort(), ['error', 'errorType', 'httpCode', 'message', 'messageTranslations', 'pageTitle']);
    const byLabel = await refusedOrDone(as.user, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, label: PUBLIC });
    assert.equal(byLabel.status, 409);
    assert.equal(byLabel.json.pageTitle, PUBLIC);
  });

  test('an unreadable title is refused alike whether it is taken or free', async () => {
    const create = (pageTitle) => refusedOrDone(as.denied, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, pageTitle });
    const taken = await create(SECRET);
    const free = await create(STAFF_ONLY);
    assert.equal(taken.status, 403, taken.text);
    assert.equal(taken.text.replaceAll(SECRET, '{title}'), free.text.replaceAll(STAFF_ONLY, '{title}'));
  });

  test('a title the caller may not create is 403', async () => {
    const answer = await refusedOrDone(as.botEditor, 'POST', `${V0}/subjects`, { schema: PERSON_NAME, statements: {}, pageTitle: BRAND_NEW });
    assert.equal(answer.status, 403);
    assert.equal(answer.json.errorType, 'permission-denied');
  });
});
