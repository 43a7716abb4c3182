// Store states that tell the truth across a SIGKILL: a save commits with its pending-projection
// markers and is answered, the wiki is killed before the stores acknowledge it, and the next start says which stores
// miss it and why; `strata rebuild --unless-in-sync` then brings back exact counts (the reference
// host's start-up and command line). And FalkorDB restarted under a running wiki, with its
// append-only file and without, on the reference host or on the wiki STRATA_E2E_URL names
// (test-support/target.js: the reference host gets a FalkorDB of the test's own, a MediaWiki's own is
// stopped and started by STRATA_E2E_STORE).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from 'redis';
import { DEFAULT_GROUP_RIGHTS } from '../platform/config/defaults.js';
import { OwnFalkorDb } from '../test-support/own-falkordb.js';
import { hostName, skipUnless, storeAddresses, Target, unique } from '../test-support/target.js';
import { Wiki } from '../test-support/wiki-process.js';
import { V0 } from '../test-support/rest-client.js';

const { skip } = storeAddresses();
const GRAPH = 'strata';
const PERSON = { propertyDefinitions: { Name: { type: 'text' } } };

// MediaWiki has no start-up to find the markers a killed request left: they make a store stale once
// they are older than a grace period (docs/mediawiki.md, "Stores"; tests/mediawiki/test_mediawiki_store_outage.py).
const noStartUp = 'no start-up that finds pending markers (the grace period is tested in tests/mediawiki/test_mediawiki_store_outage.py)';

describe('SIGKILL between the commit and the projection', { skip: skip || skipUnless({ missing: noStartUp }) }, () => {
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

describe(`FalkorDB restarted under a running wiki (${hostName})`, { skip: skip || skipUnless({ store: true, settings: true }) }, () => {
  const ITEM = unique('Item');
  let target;
  let admin;
  let ids;
  before(async () => {
    // Rebuilds need strata-admin, which no group has by default.
    target = await Target.start({ ownGraphStore: true, settings: { groupRights: { sysop: [...DEFAULT_GROUP_RIGHTS.sysop, 'strata-admin'] } } });
    admin = await target.client(unique('Admin'), ['sysop']);
    assert.equal((await admin.rest('PUT', `${V0}/schema/${ITEM}`, { body: { schema: { propertyDefinitions: {} } } })).status, 201);
  });
  after(() => target?.remove());

  const graphState = async () => (await admin.rest('GET', `${V0}/graph-stores`)).json.stores.find((store) => store.name === 'graph');
  const count = async () => {
    const cypher = `MATCH (s:Subject) WHERE s._id IN [${ids.map((id) => `'${id}'`).join(', ')}] RETURN count(s) AS n`;
    return (await admin.rest('POST', `${V0}/query/cypher`, { body: { cypher } })).json.rows;
  };
  /** Asks for a rebuild and waits (polling the states, letting MediaWiki run its job queue) until it has succeeded. */
  const rebuild = async () => {
    const before = JSON.stringify((await graphState()).lastSuccessfulRun ?? null);
    // An empty JSON body: MediaWiki's REST router refuses a POST without a Content-Type (415).
    assert.equal((await admin.rest('POST', `${V0}/graph-stores/graph/rebuild`, { body: {} })).status, 202);
    const ends = Date.now() + 120_000;
    let state = await graphState();
    while (!(state.state === 'in-sync' && JSON.stringify(state.lastSuccessfulRun ?? null) !== before)) {
      assert.ok(Date.now() < ends, `the rebuild did not succeed within 120 s: ${JSON.stringify(state)}`);
      await target.runQueuedJobs();
      await new Promise((done) => setTimeout(done, 250));
      state = await graphState();
    }
  };

  test('with its data it stays in-sync; without, it is stale with the reason, and a rebuild restores the counts', { timeout: 300_000 }, async () => {
    ids = [];
    for (let n = 0; n < 3; n += 1) {
      const made = await admin.rest('POST', `${V0}/subjects`, { body: { pageTitle: unique('R'), schema: ITEM, statements: {} } });
      assert.equal(made.status, 201, made.text);
      ids.push(made.json.subjectId);
    }
    await rebuild();
    assert.deepEqual(await count(), [{ n: 3 }]);

    await target.store('stop', 'graph');
    await target.store('start', 'graph');
    assert.deepEqual(await count(), [{ n: 3 }], 'the append-only file kept the graph');
    assert.deepEqual([(await graphState()).state, (await graphState()).stateReason], ['in-sync', null]);

    await target.store('stop', 'graph');
    await target.store('forget', 'graph');
    await target.store('start', 'graph');
    assert.deepEqual(await count(), [], 'a missing graph answers no rows');
    const stale = await graphState();
    assert.equal(stale.state, 'stale');
    assert.match(stale.stateReason, /the graph "strata" is missing on the server/);
    await rebuild();
    assert.deepEqual(await count(), [{ n: 3 }]);
  });
});
