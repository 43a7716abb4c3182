import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FalkorDbStore } from '../stores/falkordb.js';
import { missingStore } from '../test-support/store-skip.js';

// Needs STRATA_FALKORDB_URL (scripts/stores/falkordb.sh start prints it): unset, these tests fail
// unless store tests are skipped explicitly (test-support/store-skip.js).
const url = process.env.STRATA_FALKORDB_URL;
// The catalog reads the core sends with each query (`cypherQuery`, src/host/store_messages.rs).
const CATALOG = [{ key: 'labels', query: 'CALL db.labels()' }, { key: 'relationshipTypes', query: 'CALL db.relationshipTypes()' }];
const skip = url ? false : missingStore('STRATA_FALKORDB_URL is not set');

describe('FalkorDB store client', { skip }, () => {
  let store;
  before(async () => {
    store = await new FalkorDbStore({ url, graph: `strata_js_test_${process.pid}`, timeoutMs: 5000 }).connect();
    await store.run(['MATCH (n) DETACH DELETE n']);
  });
  after(async () => {
    await store.client.sendCommand(['GRAPH.DELETE', store.graph]).catch(() => {});
    await store.close();
  });

  test('runs statements in order and reads the compact reply with the catalog', async () => {
    const written = await store.run([
      "CYPHER id='s1' MERGE (s:Subject:`Person` {id: $id}) SET s.name = 'Ada'",
      "CYPHER rows=[{t: 's2'}] UNWIND $rows AS row MATCH (s:Subject {id: 's1'}) MERGE (t:Subject {id: row.t}) CREATE (s)-[:`Knows` {since: 2001}]->(t)",
    ]);
    assert.deepEqual(written, { ok: true });
    const read = await store.read("MATCH (a {id: 's1'})-[r]->(b) RETURN a, r, b.id AS b, date('2024-02-29') AS d", { catalog: CATALOG });
    assert.equal(read.ok, true);
    const { reply, catalog } = read.result;
    assert.deepEqual(reply[0].map((h) => h[1]), ['a', 'r', 'b', 'd']);
    const [node, edge, b, d] = reply[1][0];
    assert.equal(node[0], 8);
    assert.deepEqual(node[1][1].map((l) => catalog.labels[l]), ['Subject', 'Person']);
    assert.equal(edge[0], 7);
    assert.equal(catalog.relationshipTypes[edge[1][1]], 'Knows');
    assert.deepEqual(b, [2, 's2']);
    assert.deepEqual(d, [14, 1709164800]);
    assert.match(reply[2].join('\n'), /Query internal execution time/);
  });

  test('passes the rows as they came (the core keeps the tier\'s), and the catalog the core asked for', async () => {
    const read = await store.read('UNWIND range(1, 100) AS x RETURN x', { catalog: CATALOG });
    assert.equal(read.result.reply[1].length, 100);
    assert.deepEqual(Object.keys(read.result.catalog), ['labels', 'relationshipTypes']);
  });

  test('passes the server\'s error replies on for the core to read, and stops a run at the failing statement', async () => {
    const read = await store.read("CREATE (:Subject {id: 'x'})", { catalog: CATALOG });
    assert.deepEqual(read, { ok: false, kind: 'errorReply', detail: 'graph.RO_QUERY is to be executed only on read-only queries' });
    const count = await store.read('MATCH (n) RETURN count(n) AS c', { catalog: CATALOG });
    assert.deepEqual(count.result.reply[1], [[[3, 2]]]);
    const run = await store.run(['RETURN 1', 'RETURN (', 'CREATE (:Never)']);
    assert.equal(run.ok, false);
    assert.equal(run.index, 1);
    assert.equal(run.kind, 'errorReply');
    assert.match(run.detail, /^errMsg: Invalid input/);
    const missing = new FalkorDbStore({ url, graph: `strata_js_never_written_${process.pid}` });
    assert.deepEqual(await missing.read('MATCH (n) RETURN n', { catalog: CATALOG }), { ok: false, kind: 'errorReply', detail: 'ERR Invalid graph operation on empty key' });
  });

  test('reports a query that runs past its timeout', async () => {
    const read = await store.read('UNWIND range(1, 100000000) AS x WITH x WHERE x % 7 = 0 RETURN count(x)', { catalog: CATALOG, timeoutMs: 1 });
    assert.equal(read.ok, false);
    // The server's own TIMEOUT answers "Query timed out" (the core reads it as a timeout), unless the
    // host's deadline a second later passes first.
    assert.ok(read.kind === 'timeout' || (read.kind === 'errorReply' && read.detail === 'Query timed out'), read.detail);
  });
});

test('an unreachable server is reported as unavailable', async () => {
  const store = new FalkorDbStore({ url: 'redis://127.0.0.1:1', graph: 'g' });
  await assert.rejects(store.connect());
  const read = await store.read('RETURN 1', { catalog: CATALOG });
  assert.equal(read.kind, 'unavailable');
});
