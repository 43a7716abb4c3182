// A wiki that requires login, the reference host or the wiki STRATA_E2E_URL names
// (test-support/target.js, configured for the test): every REST route answers an anonymous caller 403
// rest-read-denied, whatever the method, path or token, nothing is stored, and a logged-in user reads
// and writes as usual.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { byHost, hostName, skipUnless, storedState, Target, unique } from '../test-support/target.js';

const NOTE = unique('Note');

describe(`a wiki that requires login (${hostName})`, { skip: skipUnless({ settings: true }) }, () => {
  let target;
  let alice;
  let sam;
  let anonymous;
  before(async () => {
    target = await Target.start({ settings: { loginRequired: true } });
    alice = await target.client(unique('Alice'));
    sam = await target.client(unique('Sam'), ['sysop']);
    anonymous = await target.anonymous();
  });
  after(() => target?.remove());

  test('anonymous callers get 403 rest-read-denied on every route of the OpenAPI document', async () => {
    const spec = await alice.rest('GET', '/rest.php/specs/v0/module/-');
    assert.equal(spec.status, 200);
    const routes = Object.entries(spec.json.paths).flatMap(([path, operations]) => Object.keys(operations)
      .map((method) => [method.toUpperCase(), `/rest.php${path.replace(/\{\w+\}/g, 's1demo1aaaaaaa1')}`]));
    assert.ok(routes.length > 20);
    // Every one is refused, so the stored pages are the same after all of them.
    const before = await storedState(sam);
    for (const [method, path] of routes) {
      const answer = await anonymous.rest(method, path, { body: method === 'GET' ? undefined : { schema: 'X', statements: {} } });
      assert.equal(answer.status, 403, `${method} ${path}: ${answer.text}`);
      assert.equal(answer.json.error, 'rest-read-denied', `${method} ${path}`);
    }
    assert.deepEqual(await storedState(sam), before);
  });

  test('a path or method no route has: the same 403 on the reference host, the router\'s 404 and 405 on MediaWiki', async () => {
    // MediaWiki's REST router matches the path and method before any handler runs, so Strata never
    // sees these requests (docs/decisions.md, "MediaWiki host").
    const expected = byHost({
      reference: [[403, 'rest-read-denied'], [403, 'rest-read-denied']],
      mediawiki: [[404, 'Not Found'], [405, 'Method Not Allowed']],
    });
    const got = [];
    for (const [method, path] of [['GET', `${V0}/no-such-route`], ['PATCH', `${V0}/schemas`]]) {
      const answer = await anonymous.rest(method, path, { body: method === 'GET' ? undefined : {} });
      got.push([answer.status, answer.json.error ?? answer.json.httpReason]);
    }
    assert.deepEqual(got, expected);
  });

  test('a logged-in user reads and writes', async () => {
    assert.equal((await alice.rest('PUT', `${V0}/schema/${NOTE}`, { body: { schema: { propertyDefinitions: {} } } })).status, 201);
    assert.ok((await alice.rest('GET', `${V0}/schemas?limit=500`)).json.schemas.some((s) => s.name === NOTE));
    assert.equal((await alice.rest('GET', `${V0}/schema/${NOTE}`)).status, 200);
    assert.equal((await anonymous.rest('GET', `${V0}/schema/${NOTE}`)).status, 403);
  });
});
