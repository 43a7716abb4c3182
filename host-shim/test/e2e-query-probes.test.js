// The probes of issue 10 against the real stores, as an anonymous caller, on the reference host or on
// the wiki STRATA_E2E_URL names (test-support/target.js): a Cypher query returning 20M rows, an
// expensive SPARQL join while other requests come in, reads of a graph that was never written, and
// features the stores refuse. The reference host gets a FalkorDB graph of the test's own and an
// embedded Oxigraph; a MediaWiki gets the graph as a store of its own listed before its stores (so
// queries go to it and saves reach every store) and keeps its Oxigraph server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sendCommand } from '../stores/resp-command.js';
import { V0 } from '../test-support/rest-client.js';
import { byHost, hostName, skipUnless, storeAddresses, Target, unique } from '../test-support/target.js';

const { falkordb, skip } = storeAddresses();
const GRAPH = unique('strata_probes_');
const PROBE = unique('Probe');

/** `{status, body}` of a REST route below /strata/v0, the body parsed when it is JSON. */
async function call(client, method, path, body) {
  const answer = await client.rest(method, `${V0}${path}`, { body });
  return { status: answer.status, body: answer.json ?? answer.text };
}

describe(`the probes of issue 10 (${hostName})`, { skip: skip || skipUnless({ settings: true }) }, () => {
  let target;
  let anon;
  let admin;
  before(async () => {
    const graph = { type: 'falkordb', url: falkordb, graph: GRAPH };
    target = await Target.start({
      settings: {
        stores: byHost({ reference: { graph, sparql: { type: 'oxigraph-embedded' } }, mediawiki: { probes: graph } }),
        queryLimits: { default: { timeoutSeconds: 8, maxRows: 5000 }, expensive: { timeoutSeconds: 300, maxRows: 50000 } },
      },
    });
    anon = await target.anonymous();
    admin = await target.client(unique('Admin'), ['sysop']);
    assert.equal((await call(admin, 'PUT', `/schema/${PROBE}`, { schema: { propertyDefinitions: {} } })).status, 201);
  });
  after(async () => {
    await sendCommand(falkordb, ['GRAPH.DELETE', GRAPH], { maxBytes: 1e6, timeoutMs: 5000 }).catch(() => {});
    await target?.remove();
  });

  test('a graph that was never written answers 200 with no rows', async () => {
    const answer = await call(anon, 'POST', '/query/cypher', { cypher: 'MATCH (n) RETURN n.id AS id' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([answer.body.rows, answer.body.truncated], [[], false]);
  });

  test('20M rows asked for: FalkorDB stops at the row cap plus one and the answer is cut at the cap', async () => {
    // FalkorDB refuses every query on a graph that does not exist: a first save creates it.
    const made = await call(admin, 'POST', '/subjects', { pageTitle: unique('Probe'), schema: PROBE, statements: {} });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    // 20,000 × 1,000 rows from two short lists: a single `range(1, 20000000)` would make FalkorDB
    // build the 20M-element list before the first row, which is memory, not rows, and slow under load.
    const cypher = "UNWIND range(1, 20000) AS a UNWIND range(1, 1000) AS b RETURN (a - 1) * 1000 + b AS x, 'padding-padding-padding' AS y";
    const answer = await call(anon, 'POST', '/query/cypher', { cypher });
    assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 500));
    assert.deepEqual([answer.body.rows.length, answer.body.truncated, answer.body.rows[4999]], [5000, true, { x: 5000, y: 'padding-padding-padding' }]);
  });

  test('a query over FalkorDB\'s per-query memory cap is 422 queryTooExpensive, not a syntax error', async () => {
    // The cap is lowered for this one query (and put back), so that the probe is quick and small.
    const config = (args) => sendCommand(falkordb, ['GRAPH.CONFIG', ...args], { maxBytes: 1e6, timeoutMs: 5000 });
    const [, capacity] = await config(['GET', 'QUERY_MEM_CAPACITY']);
    await config(['SET', 'QUERY_MEM_CAPACITY', String(16 * 1024 * 1024)]);
    let answer;
    try {
      answer = await call(anon, 'POST', '/query/cypher', { cypher: 'UNWIND range(1, 5000000) AS x RETURN collect(x) AS xs' });
    } finally {
      await config(['SET', 'QUERY_MEM_CAPACITY', String(capacity)]);
    }
    assert.deepEqual([answer.status, answer.body.errorType], [422, 'queryTooExpensive'], JSON.stringify(answer.body).slice(0, 500));
    assert.match(answer.body.message, /mem consumption exceeded capacity/);
    const fits = await call(anon, 'POST', '/query/cypher', { cypher: 'UNWIND range(1, 1000) AS x RETURN count(x) AS n' });
    assert.deepEqual([fits.status, fits.body.rows], [200, [{ n: 1000 }]], 'the cap is back');
  });

  test('what the store does not support is the caller\'s mistake: 400 with the store\'s message', async () => {
    const cases = [
      ['cypher', { cypher: "MATCH (n) WHERE n.id =~ 'a.*' RETURN n" }, 'cypherSyntaxError', /does not currently support =~/],
      ['cypher', { cypher: 'MATCH (n) RETURN n LIMIT 1 + 2' }, 'cypherSyntaxError', /LIMIT takes a non-negative integer/],
      ['sparql', { query: 'SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }' }, 'unsupportedQueryForm', /calls a service \(SERVICE\)/],
    ];
    for (const [endpoint, body, errorType, message] of cases) {
      const answer = await call(anon, 'POST', `/query/${endpoint}`, body);
      assert.deepEqual([answer.status, answer.body.errorType], [400, errorType], JSON.stringify(answer.body));
      assert.match(answer.body.message, message);
    }
  });

  test('an expensive SPARQL query does not hold other requests, and ends with the timeout error', async () => {
    const query = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n ?o }';
    // Something to join: the five-way join over a few hundred triples is far beyond the 8 s tier.
    for (let n = 0; n < 10; n += 1) {
      const made = await call(admin, 'POST', '/subjects', { pageTitle: unique('Probe'), schema: PROBE, statements: {} });
      assert.equal(made.status, 201, JSON.stringify(made.body));
    }
    const order = [];
    const expensive = call(anon, 'POST', '/query/sparql', { query }).then((answer) => {
      order.push('sparql');
      return answer;
    });
    await new Promise((done) => setTimeout(done, 200));
    const schemas = await call(anon, 'GET', '/schemas');
    order.push('schemas');
    assert.equal(schemas.status, 200);
    const answer = await expensive;
    assert.deepEqual(order, ['schemas', 'sparql'], 'GET /schemas answered while the query ran');
    assert.deepEqual([answer.status, answer.body.errorType], [503, 'sparqlStoreUnavailable'], JSON.stringify(answer.body));
    // The embedded store stops the query; a SPARQL server (MediaWiki's) is given up on at the tier's
    // timeout, as the reference host's `sparql-http` store does.
    assert.match(answer.body.message, byHost({ reference: /timed out: it ran longer than the tier allows/, mediawiki: /no answer within 8000 ms/ }));
    const after = await call(anon, 'POST', '/query/sparql', { query: 'ASK { ?s ?p ?o }' });
    assert.equal(after.status, 200, 'the store answers again after the timed-out query was stopped');
  });
});
