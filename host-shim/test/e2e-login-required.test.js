// A wiki that requires login: every REST route answers an anonymous caller 403 rest-read-denied,
// whatever the method, path or token, and a logged-in user reads as usual.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { Wiki } from '../test-support/wiki-process.js';

let wiki;
let alice;
let anonymous;
before(async () => {
  wiki = new Wiki({ loginRequired: true });
  await wiki.user('Alice', 'alice password');
  await wiki.start();
  alice = await wiki.client('Alice', 'alice password');
  anonymous = await wiki.client();
});
after(() => wiki.remove());

test('anonymous callers get 403 rest-read-denied on every route of the OpenAPI document', async () => {
  const spec = await alice.rest('GET', '/rest.php/specs/v0/module/-');
  assert.equal(spec.status, 200);
  const routes = Object.entries(spec.json.paths).flatMap(([path, operations]) => Object.keys(operations)
    .map((method) => [method.toUpperCase(), `/rest.php${path.replace(/\{\w+\}/g, 's1demo1aaaaaaa1')}`]));
  routes.push(['GET', `${V0}/no-such-route`], ['PATCH', `${V0}/schemas`]);
  assert.ok(routes.length > 20);
  for (const [method, path] of routes) {
    const before = wiki.storedState();
    const answer = await anonymous.rest(method, path, { body: method === 'GET' ? undefined : { schema: 'X', statements: {} } });
    assert.equal(answer.status, 403, `${method} ${path}: ${answer.text}`);
    assert.equal(answer.json.error, 'rest-read-denied', `${method} ${path}`);
    assert.deepEqual(wiki.storedState(), before);
  }
});

test('a logged-in user reads and writes', async () => {
  assert.equal((await alice.rest('PUT', `${V0}/schema/Note`, { body: { schema: { propertyDefinitions: {} } } })).status, 201);
  assert.deepEqual((await alice.rest('GET', `${V0}/schemas`)).json.schemas.map((s) => s.name), ['Note']);
  assert.equal((await anonymous.rest('GET', `${V0}/schema/Note`)).status, 403);
});
