// Store states that tell the truth across a SIGKILL: a save commits with its pending-projection
// markers, the wiki is killed before the stores acknowledge it, and the next start says which stores
// miss it and why; `strata rebuild --unless-in-sync` then brings back exact counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from 'redis';
import { OwnFalkorDb } from '../test-support/own-falkordb.js';
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
    server.start();
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
    server.remove();
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

    // FalkorDB holds every write, so the projection of the next save cannot be acknowledged.
    await redis.sendCommand(['CLIENT', 'PAUSE', '60000', 'WRITE']);
    sam.rest('POST', `${V0}/subjects`, { body: { pageTitle: 'Killed', label: 'Killed', schema: 'Person', statements: {} } }).catch(() => {});
    const pending = () => wiki.inspect((db) => db.prepare(
      "SELECT store FROM projection_pending JOIN page ON page.id = page_id WHERE page.title = 'Killed' ORDER BY store",
    ).pluck().all());
    while ((await pending()).length === 0) await new Promise((done) => setTimeout(done, 20));
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
