// The probes of issue 10 against the real stores, as an anonymous caller of a wiki configured like
// `make run`: a Cypher query returning 20M rows, an expensive SPARQL join while other requests come
// in, reads of a graph that was never written, and features the stores refuse.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sendCommand } from '../stores/resp-command.js';
import { startStoresWiki, storeUrls } from '../test-support/stores-wiki.js';

const { falkordb, skip } = storeUrls();
const GRAPH = `strata_probes_${process.pid}`;

describe('the probes of issue 10', { skip }, () => {
  let wiki;
  let anon;
  before(async () => {
    wiki = await startStoresWiki({
      stores: { graph: { type: 'falkordb', url: falkordb, graph: GRAPH }, sparql: { type: 'oxigraph-embedded' } },
      config: { queryLimits: { default: { timeoutSeconds: 8, maxRows: 5000 }, expensive: { timeoutSeconds: 300, maxRows: 50000 } } },
    });
    anon = wiki.callers.anon;
  });
  after(async () => {
    await sendCommand(falkordb, ['GRAPH.DELETE', GRAPH], { maxBytes: 1e6, timeoutMs: 5000 }).catch(() => {});
    await wiki.site.stop();
    wiki.site.remove();
  });

  test('a graph that was never written answers 200 with no rows', async () => {
    const answer = await anon.call('POST', '/query/cypher', { cypher: 'MATCH (n) RETURN n.id AS id' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([answer.body.rows, answer.body.truncated], [[], false]);
  });

  test('20M rows asked for: FalkorDB stops at the row cap plus one and the answer is cut at the cap', async () => {
    // FalkorDB refuses every query on a graph that does not exist: a first save creates it.
    const made = await wiki.callers.admin.call('POST', '/subjects', { pageTitle: 'Probe', label: 'Probe', schema: 'Person', statements: {} });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const cypher = "UNWIND range(1, 20000000) AS x RETURN x, 'padding-padding-padding' AS y";
    const answer = await anon.call('POST', '/query/cypher', { cypher });
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
      answer = await anon.call('POST', '/query/cypher', { cypher: 'UNWIND range(1, 5000000) AS x RETURN collect(x) AS xs' });
    } finally {
      await config(['SET', 'QUERY_MEM_CAPACITY', String(capacity)]);
    }
    assert.deepEqual([answer.status, answer.body.errorType], [422, 'queryTooExpensive'], JSON.stringify(answer.body).slice(0, 500));
    assert.match(answer.body.message, /mem consumption exceeded capacity/);
    const fits = await anon.call('POST', '/query/cypher', { cypher: 'UNWIND range(1, 1000) AS x RETURN count(x) AS n' });
    assert.deepEqual([fits.status, fits.body.rows], [200, [{ n: 1000 }]], 'the cap is back');
  });

  test('what the store does not support is the caller\'s mistake: 400 with the store\'s message', async () => {
    const cases = [
      ['cypher', { cypher: "MATCH (n) WHERE n.id =~ 'a.*' RETURN n" }, 'cypherSyntaxError', /does not currently support =~/],
      ['cypher', { cypher: 'MATCH (n) RETURN n LIMIT 1 + 2' }, 'cypherSyntaxError', /LIMIT takes a non-negative integer/],
      ['sparql', { query: 'SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }' }, 'sparqlSyntaxError', /service .* is not supported/],
    ];
    for (const [endpoint, body, errorType, message] of cases) {
      const answer = await anon.call('POST', `/query/${endpoint}`, body);
      assert.deepEqual([answer.status, answer.body.errorType], [400, errorType], JSON.stringify(answer.body));
      assert.match(answer.body.message, message);
    }
  });

  test('an expensive SPARQL query does not hold other requests, and ends with the timeout error', async () => {
    const query = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n ?o }';
    // Something to join: the five-way join over a few hundred triples is far beyond the 8 s tier.
    const admin = wiki.callers.admin;
    for (let n = 0; n < 10; n += 1) {
      const made = await admin.call('POST', '/subjects', { pageTitle: `Probe ${n}`, label: `Probe ${n}`, schema: 'Person', statements: {} });
      assert.equal(made.status, 201, JSON.stringify(made.body));
    }
    const order = [];
    const expensive = anon.call('POST', '/query/sparql', { query }).then((answer) => {
      order.push('sparql');
      return answer;
    });
    await new Promise((done) => setTimeout(done, 200));
    const schemas = await anon.call('GET', '/schemas');
    order.push('schemas');
    assert.equal(schemas.status, 200);
    const answer = await expensive;
    assert.deepEqual(order, ['schemas', 'sparql'], 'GET /schemas answered while the query ran');
    assert.deepEqual([answer.status, answer.body.errorType], [503, 'sparqlStoreUnavailable'], JSON.stringify(answer.body));
    assert.match(answer.body.message, /timed out|longer than/);
    const after = await anon.call('POST', '/query/sparql', { query: 'ASK { ?s ?p ?o }' });
    assert.equal(after.status, 200, 'the store answers again after the timed-out query was stopped');
  });
});
