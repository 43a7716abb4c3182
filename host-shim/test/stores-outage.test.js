// A store killed mid-edit: the edit succeeds, the store goes stale, the Cypher endpoint answers
// backendUnavailable, and a rebuild after a restart brings the store back in-sync. Also the query
// rate limits per caller kind, and the permission check of the query endpoints.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createBotPassword } from '../platform/auth.js';
import { wikiOnOwnFalkorDb } from '../test-support/own-falkordb.js';
import { restCaller, startStoresWiki, storeUrls } from '../test-support/stores-wiki.js';
import { storeStates } from '../test-support/store-dumps.js';

const { skip } = storeUrls();

describe('a graph store killed mid-edit', { skip }, () => {
  let wiki;
  let server;
  let own;
  before(async () => {
    own = await wikiOnOwnFalkorDb();
    ({ server, wiki } = own);
  });
  after(() => own.remove());

  test('the edit succeeds, the store goes stale, and a rebuild after a restart brings it back in-sync', async () => {
    const { admin } = wiki.callers;
    assert.equal((await admin.call('POST', '/graph-stores/graph/rebuild')).status, 202);
    await wiki.site.stores.rebuilds.idle();
    assert.equal((await storeStates(admin)).graph, 'in-sync');
    server.kill();
    server.forgetData();
    const created = await admin.call('POST', '/subjects', { pageTitle: 'Written while down', label: 'Down', schema: 'Person', statements: {} });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal((await storeStates(admin)).graph, 'stale');
    const query = await admin.call('POST', '/query/cypher', { cypher: 'MATCH (n) RETURN count(n) AS c' });
    assert.deepEqual([query.status, query.body.errorType], [503, 'backendUnavailable']);
    await server.start();
    assert.equal((await admin.call('POST', '/graph-stores/graph/rebuild')).status, 202);
    await wiki.site.stores.rebuilds.idle();
    const listed = (await admin.call('GET', '/graph-stores')).body.stores[0];
    assert.equal(listed.state, 'in-sync', JSON.stringify(listed));
    const found = await admin.call('POST', '/query/cypher', { cypher: 'MATCH (p:Person {_id: $id}) RETURN p._name AS n', parameters: { id: created.body.subject.id } });
    assert.deepEqual(found.body.rows, [{ n: 'Down' }]);
  });
});

describe('query rate limits per caller kind', { skip }, () => {
  let wiki;
  before(async () => {
    wiki = await startStoresWiki({
      stores: { sparql: { type: 'oxigraph-embedded' } },
      config: { rateLimits: { 'strata-query': { anon: { count: 2, seconds: 60 }, user: { count: 3, seconds: 60 }, bot: { count: 4, seconds: 60 } } } },
    });
  });
  after(async () => {
    await wiki.site.stop();
    wiki.site.remove();
  });

  test('anonymous, user and bot callers are limited at their counts; noratelimit never is', async () => {
    const ask = async (caller) => (await caller.call('POST', '/query/sparql', { query: 'ASK { ?s ?p ?o }' })).status;
    for (const [kind, allowed] of [['anon', 2], ['user', 3], ['bot', 4], ['admin', 10]]) {
      const statuses = [];
      for (let i = 0; i <= allowed; i += 1) statuses.push(await ask(wiki.callers[kind]));
      const expected = [...Array(allowed).fill(200), kind === 'admin' ? 200 : 429];
      assert.deepEqual(statuses, expected, kind);
    }
    const limited = await wiki.callers.anon.call('POST', '/query/sparql', { query: 'ASK { ?s ?p ?o }' });
    assert.equal(limited.body.errorType, 'rateLimitExceeded');
  });

  test('a caller without strata-query is refused', async () => {
    const { loginName, password } = await createBotPassword(wiki.site.db, 'Robot', 'reader', ['read']);
    const restricted = await restCaller(wiki.site.url, loginName, password);
    const refused = await restricted.call('POST', '/query/sparql', { query: 'ASK { ?s ?p ?o }' });
    assert.deepEqual([refused.status, refused.body.errorType], [403, 'permissionDenied']);
  });
});
