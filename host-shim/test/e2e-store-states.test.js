// Store states that tell the truth across a SIGKILL: a save commits with its pending-projection
// markers and is answered, the wiki is killed before the stores acknowledge it, and the next start says which stores
// miss it and why; `strata rebuild --unless-in-sync` then brings back exact counts. And FalkorDB
// restarted under a running wiki, with its append-only file and without.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from 'redis';
import { OwnFalkorDb, wikiOnOwnFalkorDb } from '../test-support/own-falkordb.js';
import { storeUrls } from '../test-support/stores-wiki.js';
import { Wiki } from '../test-support/wiki-process.js';
import { V0 } from '../test-support/rest-client.js';

const { skip } = storeUrls();
const GRAPH = 'strata';
const PERSON = { propertyDefinitions: { Name: { type: 'text' } } };

describe('SIGKILL between the commit and the projection', { skip }, () => {
  let wiki;
  let redis;
  let server;
  before(async () => {
    // A server of its own: pausing the shared one would hold every other test's writes.
    server = await OwnFalkorDb.create();
    await server.start();
    const falkordb = server.url;
    wiki = new Wiki({
      groupRights: { sysop: ['strata-admin', 'noratelimit', 'apihighlimits'] },
      // The snapshot of the embedded store waits long enough that the kill always comes first.
      stores: { sparql: { type: 'oxigraph-embedded', snapshotDelayMs: 600_000 }, graph: { type: 'falkordb', url: falkordb, graph: GRAPH } },
    });
    await wiki.user('Sam', 'sysop password', ['sysop']);
    redis = createClient({ url: falkordb });
    await redis.connect();
  });
  after(async () => {
    await redis.sendCommand(['CLIENT', 'UNPAUSE']).catch(() => {});
    await redis.quit();
    await wiki.remove();
    await server.remove();
  });

  const states = async (sam) => Object.fromEntries((await sam.rest('GET', `${V0}/graph-stores`)).json.stores.map((s) => [s.name, s]));
  const counts = async (sam) => {
    const cypher = await sam.rest('POST', `${V0}/query/cypher`, { body: { cypher: 'MATCH (s:Subject) RETURN count(s) AS n' } });
    const sparql = await sam.rest('POST', `${V0}/query/sparql`, {
      body: { query: 'SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?class FILTER(STRENDS(STR(?class), "/schema/Person")) }' },
    });
    return { graph: cypher.json?.rows?.[0]?.n, sparql: Number(sparql.json?.results?.bindings?.[0]?.n?.value) };
  };

  test('the killed save leaves both stores stale with a reason, and a rebuild gives exact counts', { timeout: 120_000 }, async () => {
    await wiki.start();
    let sam = await wiki.client('Sam', 'sysop password');
    assert.equal((await sam.rest('PUT', `${V0}/schema/Person`, { body: { schema: PERSON } })).status, 201);
    for (let n = 0; n < 5; n += 1) {
      const made = await sam.rest('POST', `${V0}/subjects`, { body: { pageTitle: `P${n}`, label: `P${n}`, schema: 'Person', statements: {} } });
      assert.equal(made.status, 201, made.text);
    }
    await wiki.stop();
    for (const store of ['sparql', 'graph']) await wiki.cli('rebuild', store);
    await wiki.start();
    sam = await wiki.client('Sam', 'sysop password');
    assert.deepEqual(Object.values(await states(sam)).map((s) => s.state), ['in-sync', 'in-sync']);

    // FalkorDB holds every write, so the projection of the next save cannot be acknowledged; the save
    // is answered all the same, since projection runs after the answer.
    await redis.sendCommand(['CLIENT', 'PAUSE', '60000', 'WRITE']);
    const killed = await sam.rest('POST', `${V0}/subjects`, { body: { pageTitle: 'Killed', label: 'Killed', schema: 'Person', statements: {} } });
    assert.equal(killed.status, 201, killed.text);
    const pending = () => wiki.inspect((db) => db.prepare(
      "SELECT store FROM projection_pending JOIN page ON page.id = page_id WHERE page.title = 'Killed' ORDER BY store",
    ).pluck().all());
    assert.deepEqual(await pending(), ['graph', 'sparql'], 'the markers are written with the revision');
    assert.equal((await wiki.stop('SIGKILL')).signal, 'SIGKILL');
    await redis.sendCommand(['CLIENT', 'UNPAUSE']);

    await wiki.start();
    sam = await wiki.client('Sam', 'sysop password');
    const after = await states(sam);
    for (const name of ['graph', 'sparql']) {
      assert.equal(after[name].state, 'stale', name);
      assert.match(after[name].stateReason, /1 saved page was not acknowledged by the store before the wiki stopped/, name);
    }
    await wiki.stop();

    for (const store of ['sparql', 'graph']) assert.match(await wiki.cli('rebuild', store, '--unless-in-sync'), /succeeded: 6 pages processed/);
    assert.match(await wiki.cli('rebuild', 'graph', '--unless-in-sync'), /graph is in-sync: not rebuilt/);
    assert.equal(wiki.inspect((db) => db.prepare('SELECT count(*) FROM projection_pending').pluck().get()), 0);
    await wiki.start();
    sam = await wiki.client('Sam', 'sysop password');
    assert.deepEqual(Object.values(await states(sam)).map((s) => s.state), ['in-sync', 'in-sync']);
    assert.deepEqual(await counts(sam), { graph: 6, sparql: 6 });
  });
});

describe('FalkorDB restarted under a running wiki', { skip }, () => {
  let server;
  let wiki;
  let own;
  before(async () => {
    own = await wikiOnOwnFalkorDb();
    ({ server, wiki } = own);
  });
  after(() => own.remove());

  const graphState = async () => (await wiki.callers.admin.call('GET', '/graph-stores')).body.stores[0];
  const count = async () => (await wiki.callers.admin.call('POST', '/query/cypher', { cypher: 'MATCH (s:Subject) RETURN count(s) AS n' })).body.rows;
  const rebuild = async () => {
    assert.equal((await wiki.callers.admin.call('POST', '/graph-stores/graph/rebuild')).status, 202);
    await wiki.site.stores.rebuilds.idle();
    assert.equal((await graphState()).state, 'in-sync');
  };

  test('with its data it stays in-sync; without, it is stale with the reason, and a rebuild restores the counts', { timeout: 60_000 }, async () => {
    for (let n = 0; n < 3; n += 1) {
      const made = await wiki.callers.admin.call('POST', '/subjects', { pageTitle: `R${n}`, label: `R${n}`, schema: 'Person', statements: {} });
      assert.equal(made.status, 201, JSON.stringify(made.body));
    }
    await rebuild();
    assert.deepEqual(await count(), [{ n: 3 }]);

    await server.stop();
    await server.start();
    assert.deepEqual(await count(), [{ n: 3 }], 'the append-only file kept the graph');
    assert.deepEqual([(await graphState()).state, (await graphState()).stateReason], ['in-sync', null]);

    await server.stop();
    server.forgetData();
    await server.start();
    assert.deepEqual(await count(), [], 'a missing graph answers no rows');
    const stale = await graphState();
    assert.equal(stale.state, 'stale');
    assert.match(stale.stateReason, /the graph "strata" is missing on the server/);
    await rebuild();
    assert.deepEqual(await count(), [{ n: 3 }]);
  });
});
