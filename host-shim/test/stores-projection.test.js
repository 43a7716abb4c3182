// Projection on save, rebuild runs and the query endpoints, end to end against real FalkorDB and
// Oxigraph (embedded and server): the example wiki fed through saves, a rebuild that must give exactly
// the same stores, cancellation, the query endpoints and the write corpus over HTTP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importFolder } from '../platform/import.js';
import { cancelRun, queueRun } from '../stores/runs.js';
import { EXAMPLE, ROOT, startStoresWiki, storeUrls } from '../test-support/stores-wiki.js';
import { graphDump, sparqlDump, storeStates } from '../test-support/store-dumps.js';

const { falkordb, oxigraph, skip } = storeUrls();

describe('stores fed by saves, rebuilt, and queried', { skip }, () => {
  let wiki;
  let admin;
  const graphName = `strata_projection_${process.pid}`;
  before(async () => {
    wiki = await startStoresWiki({
      stores: {
        graph: { type: 'falkordb', url: falkordb, graph: graphName },
        embedded: { type: 'oxigraph-embedded' },
        server: { type: 'sparql-http', url: oxigraph },
      },
      config: { queryLimits: { default: { timeoutSeconds: 1, maxRows: 3 }, expensive: { timeoutSeconds: 60, maxRows: 5 } } },
      storeOptions: { batchPages: 4 },
    });
    admin = wiki.callers.admin;
    const server = await wiki.site.stores.registry.client(wiki.site.stores.registry.entry('server'));
    await server.clear();
    const graph = await wiki.site.stores.registry.client(wiki.site.stores.registry.entry('graph'));
    await graph.run(['MATCH (n) DETACH DELETE n']);
  });
  after(async () => {
    const graph = await wiki.site.stores.registry.client(wiki.site.stores.registry.entry('graph'));
    await graph.client.sendCommand(['GRAPH.DELETE', graphName]).catch(() => {});
    await wiki.site.stop();
    wiki.site.remove();
  });

  test('saves project the example wiki into every store; the stores stay never-built until rebuilt', async () => {
    const { site } = wiki;
    const counts = await importFolder({ db: site.db, config: site.config, core: site.core, log: () => {}, stores: site.stores }, EXAMPLE);
    assert.ok(counts.created >= 35, JSON.stringify(counts));
    const slots = site.db.prepare('SELECT r.subject_slot FROM page p JOIN revision r ON r.id = p.latest_revision_id WHERE r.subject_slot IS NOT NULL').pluck().all();
    const subjectCounts = slots.map((slot) => Object.keys(JSON.parse(slot).subjects ?? {}).length);
    const subjects = subjectCounts.reduce((a, b) => a + b, 0);
    const graph = await graphDump(site.stores);
    assert.equal(graph.nodes.filter((n) => n.labels.includes('Subject') && !n.properties._stub).length, subjects);
    const pages = subjectCounts.filter((n) => n > 0).length;
    for (const name of ['embedded', 'server']) {
      const quads = await sparqlDump(site.stores, name);
      assert.equal(new Set(quads.map((q) => q.split(' ')[0])).size, pages, name);
    }
    assert.deepEqual(await storeStates(admin), { graph: 'never-built', embedded: 'never-built', server: 'never-built' });
  });

  test('a rebuild gives exactly what the saves gave, and leaves the store in-sync', async () => {
    const { stores } = wiki.site;
    const before = { graph: await graphDump(stores), embedded: await sparqlDump(stores, 'embedded'), server: await sparqlDump(stores, 'server') };
    for (const name of ['graph', 'embedded', 'server']) {
      const queued = await admin.call('POST', `/graph-stores/${name}/rebuild`);
      assert.equal(queued.status, 202, JSON.stringify(queued.body));
      assert.equal(queued.body.run.state, 'queued');
      assert.equal(queued.body.run.requestedBy, 'Admin');
      await stores.rebuilds.idle();
    }
    assert.deepEqual(await graphDump(stores), before.graph);
    assert.deepEqual(await sparqlDump(stores, 'embedded'), before.embedded);
    assert.deepEqual(await sparqlDump(stores, 'server'), before.server);
    const listed = await admin.call('GET', '/graph-stores');
    const pages = wiki.site.db.prepare('SELECT COUNT(*) FROM page p JOIN revision r ON r.id = p.latest_revision_id WHERE r.subject_slot IS NOT NULL').pluck().get();
    for (const store of listed.body.stores) {
      assert.equal(store.state, 'in-sync', store.name);
      assert.equal(store.activeRun, null);
      assert.equal(store.lastSuccessfulRun.state, 'succeeded');
      assert.equal(store.lastSuccessfulRun.processed, pages);
      assert.equal(store.lastSuccessfulRun.failed, 0);
      assert.equal(store.lastSuccessfulRun.total, pages);
    }
  });

  test('REST writes refresh the page in every store; a rebuild still agrees', async () => {
    const { stores } = wiki.site;
    const starts = { propertyType: 'dateTime', value: ['2026-05-01T10:00:00+02:00'] };
    const created = await admin.call('POST', '/subjects', { pageTitle: 'Projected Event', label: 'Projected', schema: 'Event', statements: { Starts: starts, Venue: { propertyType: 'relation', value: [{ target: 's1lib1aaaaaaa01' }] } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.subject.id;
    const cypher = await admin.call('POST', '/query/cypher', { cypher: 'MATCH (e:Event {_id: $id})-[:`Takes place at`]->(c:Library) RETURN e._name AS e, c._name AS c', parameters: { id } });
    assert.deepEqual(cypher.body.rows, [{ e: 'Projected', c: 'Veldhaven Central Library' }]);
    const edited = await admin.call('PUT', `/subject/${id}`, { label: 'Renamed', statements: { Starts: starts, 'Spoken language': { propertyType: 'text', value: ['Cypher'] } } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const renamed = await admin.call('POST', '/query/cypher', { cypher: 'MATCH (e:Event {_id: $id}) OPTIONAL MATCH (e)-[r]->() RETURN e._name AS n, e.`Spoken language` AS s, count(r) AS relations', parameters: { id } });
    assert.deepEqual(renamed.body.rows, [{ n: 'Renamed', s: 'Cypher', relations: 0 }]);
    assert.equal((await admin.call('DELETE', `/subject/${id}`)).status, 200);
    const gone = await admin.call('POST', '/query/cypher', { cypher: 'MATCH (e:Subject {_id: $id}) RETURN e', parameters: { id } });
    assert.deepEqual(gone.body.rows, []);
    const afterSaves = { graph: await graphDump(stores), embedded: await sparqlDump(stores, 'embedded') };
    await admin.call('POST', '/graph-stores/graph/rebuild');
    await stores.rebuilds.idle();
    await admin.call('POST', '/graph-stores/embedded/rebuild');
    await stores.rebuilds.idle();
    assert.deepEqual(await graphDump(stores), afterSaves.graph);
    assert.deepEqual(await sparqlDump(stores, 'embedded'), afterSaves.embedded);
  });

  test('queries across relations, through both endpoints', async () => {
    const branches = await admin.call('POST', '/query/cypher', {
      cypher: "MATCH (b:Library)-[:`Coordinated by`]->(c:Library) WHERE c._name STARTS WITH 'Veldhaven' RETURN b._name AS branch ORDER BY branch",
    });
    assert.equal(branches.status, 200, JSON.stringify(branches.body));
    assert.deepEqual(branches.body.columns, ['branch']);
    assert.ok(branches.body.rows.some((r) => r.branch === 'Harbour Branch Library'), JSON.stringify(branches.body.rows));
    const sparql = await admin.call('POST', '/query/sparql', {
      query: `PREFIX strata-prop: <${wiki.site.config.rdfBaseUri}/prop/>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?name WHERE { ?branch strata-prop:Coordinated_by ?central . ?branch rdfs:label ?name } ORDER BY ?name`,
    });
    assert.equal(sparql.status, 200, JSON.stringify(sparql.body));
    assert.ok(sparql.body.results.bindings.some((b) => b.name.value === 'Harbour Branch Library'), JSON.stringify(sparql.body));
  });

  test('a rebuild is cancelled between batches; POST twice is 409; DELETE without a run is 404', async () => {
    const { db, stores } = wiki.site;
    const { run } = queueRun(db, 'graph', 'test');
    let batches = 0;
    const done = await stores.rebuilds.process(run, {
      onProgress: () => {
        batches += 1;
        if (batches === 2) cancelRun(db, 'graph');
      },
    });
    assert.equal(done.state, 'cancelled');
    assert.ok(done.processed > 0 && done.processed < done.total, JSON.stringify(done));
    assert.equal((await storeStates(admin)).graph, 'stale');
    assert.equal((await admin.call('DELETE', '/graph-stores/graph/rebuild')).status, 404);
    // The store's queue is held until both POSTs are answered, so the first run is still active when
    // the second arrives, however fast the machine.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    stores.registry.enqueue(stores.registry.entry('graph'), () => held.then(() => ({ ok: true })));
    const first = await admin.call('POST', '/graph-stores/graph/rebuild');
    const second = await admin.call('POST', '/graph-stores/graph/rebuild');
    release();
    assert.equal(first.status, 202);
    assert.equal(second.status, 409);
    await stores.rebuilds.idle();
    assert.equal((await storeStates(admin)).graph, 'in-sync');
    assert.equal((await wiki.callers.user.call('POST', '/graph-stores/graph/rebuild')).status, 403);
    assert.equal((await admin.call('POST', '/graph-stores/nothing/rebuild')).status, 404);
  });

  test('each tier: its row cap and truncation, and the default tier timeout', async () => {
    const rows = 'UNWIND range(1, 10) AS x RETURN x';
    const user = await wiki.callers.user.call('POST', '/query/cypher', { cypher: rows });
    assert.deepEqual([user.body.resultCount, user.body.truncated, user.body.rows.length], [3, true, 3]);
    const expensive = await admin.call('POST', '/query/cypher', { cypher: rows });
    assert.deepEqual([expensive.body.resultCount, expensive.body.truncated], [5, true]);
    const fits = await admin.call('POST', '/query/cypher', { cypher: 'UNWIND range(1, 5) AS x RETURN x' });
    assert.deepEqual([fits.body.resultCount, fits.body.truncated], [5, false]);
    assert.equal(typeof fits.body.durationMs, 'number');
    const slow = await wiki.callers.user.call('POST', '/query/cypher', { cypher: 'UNWIND range(1, 300000000) AS x WITH x WHERE x % 7 = 0 RETURN count(x) AS c' });
    assert.deepEqual([slow.status, slow.body.errorType], [408, 'queryTimeout']);
  });

  test('each error type of the query endpoints, with its status', async () => {
    const cases = [
      ['cypher', { cypher: '  ' }, 400, 'emptyQuery'],
      ['sparql', { query: '' }, 400, 'emptyQuery'],
      ['cypher', { cypher: 'MATCH (n {id: $id}) RETURN n' }, 400, 'parameterMissing'],
      ['cypher', { cypher: 'MATCH (n RETURN n' }, 400, 'cypherSyntaxError'],
      ['cypher', { cypher: "CREATE (:Subject {id: 'x'})" }, 422, 'writeQueryRejected'],
      ['sparql', { query: 'SELECT ?s WHERE { ?s ?p }' }, 400, 'sparqlSyntaxError'],
      ['sparql', { query: 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }' }, 400, 'unsupportedQueryForm'],
    ];
    for (const [endpoint, body, status, errorType] of cases) {
      const answer = await admin.call('POST', `/query/${endpoint}`, body);
      assert.deepEqual([answer.status, answer.body.errorType], [status, errorType], `${endpoint} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    }
  });

  test('every write or escape attempt of the corpus is refused over HTTP, and the graph is unchanged', async () => {
    const corpus = readFileSync(join(ROOT, 'tests/cypher_guard_corpus.txt'), 'utf8').split('\n%%\n')
      .map((entry) => entry.split('\n').filter((l) => !l.startsWith('# ')).join('\n')
        .replaceAll('{NUL}', '\0').replaceAll('{CR}', '\r').replaceAll('{LS}', '\u2028').replaceAll('{NEL}', '\u0085'))
      .filter((q) => q.trim() !== '');
    assert.ok(corpus.length >= 40, `${corpus.length} entries`);
    const before = await graphDump(wiki.site.stores);
    for (const cypher of corpus) {
      const answer = await admin.call('POST', '/query/cypher', { cypher });
      assert.ok([400, 422].includes(answer.status) && answer.status !== 200, `${JSON.stringify(cypher)} → ${answer.status}`);
    }
    assert.deepEqual(await graphDump(wiki.site.stores), before);
  });
});
