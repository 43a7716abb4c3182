// The host's memory under hostile queries: a `strata serve` child with FalkorDB and the embedded
// SPARQL store; its idle RSS, then its peak RSS (sampled from /proc every 20 ms) while CALLERS
// anonymous callers each send ROUNDS Cypher queries returning 20M rows. Also how long GET /schemas
// takes while an expensive SPARQL join runs. Prints figures; asserts nothing. Needs
// STRATA_FALKORDB_URL. Usage: node scripts/bench/query-memory.mjs [CALLERS] [ROUNDS] [ROWS] [TIMEOUT_SECONDS]
// (ROWS per Cypher query, default 20000000; TIMEOUT_SECONDS the query tier's timeout, default 30).
import { readFileSync } from 'node:fs';
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { Wiki } from '../../host-shim/test-support/wiki-process.js';
import { median } from './load.mjs';

const CALLERS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.argv[3] ?? 3);
const ROWS = Number(process.argv[4] ?? 20000000);
const TIMEOUT_SECONDS = Number(process.argv[5] ?? 30);
const CYPHER = `UNWIND range(1, ${ROWS}) AS x RETURN x, 'padding-padding-padding' AS y`;
const SPARQL = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
const url = process.env.STRATA_FALKORDB_URL;
if (!url) throw new Error('STRATA_FALKORDB_URL is not set (scripts/stores/start-all.sh)');

const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)[1]) / 1024;

const wiki = new Wiki({
  groupRights: { sysop: ['strata-admin', 'noratelimit', 'apihighlimits'] },
  queryLimits: { default: { timeoutSeconds: TIMEOUT_SECONDS, maxRows: 5000 }, expensive: { timeoutSeconds: 300, maxRows: 50000 } },
  rateLimits: { 'strata-query': { anon: { count: 100000, seconds: 60 } } },
  stores: { graph: { type: 'falkordb', url, graph: `strata_bench_${process.pid}` }, sparql: { type: 'oxigraph-embedded' } },
});
try {
  await wiki.user('Sam', 'sysop password', ['sysop']);
  await wiki.start();
  const pid = wiki.process.child.pid;
  const sam = await wiki.client('Sam', 'sysop password');
  const anon = await wiki.client();
  await sam.rest('PUT', `${V0}/schema/Person`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' } } } } });
  for (let n = 0; n < 20; n += 1) await sam.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', label: `P${n}`, statements: {} } });
  await anon.rest('POST', `${V0}/query/cypher`, { body: { cypher: 'MATCH (n) RETURN count(n)' } });
  await new Promise((done) => setTimeout(done, 1000));
  const idle = rssMb(pid);

  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const statuses = {};
  const latencies = [];
  const caller = async () => {
    for (let r = 0; r < ROUNDS; r += 1) {
      const start = performance.now();
      const answer = await anon.rest('POST', `${V0}/query/cypher`, { body: { cypher: CYPHER } });
      latencies.push(performance.now() - start);
      const key = `${answer.status}${answer.json?.rows ? ` (${answer.json.rows.length} rows)` : ` ${answer.json?.errorType}`}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  clearInterval(sampler);
  console.log(`query-memory: ${CALLERS} anonymous callers x ${ROUNDS} Cypher queries of ${ROWS} rows`);
  console.log(`query-memory host RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`);
  console.log(`query-memory answers ${JSON.stringify(statuses)}, median ${median(latencies).toFixed(0)} ms`);

  const expensive = anon.rest('POST', `${V0}/query/sparql`, { body: { query: SPARQL } });
  await new Promise((done) => setTimeout(done, 200));
  const start = performance.now();
  const schemas = await anon.rest('GET', `${V0}/schemas`);
  const schemasMs = performance.now() - start;
  const answer = await expensive;
  console.log(`query-memory GET /schemas during an expensive SPARQL join: ${schemas.status} in ${schemasMs.toFixed(0)} ms; the join: ${answer.status} ${answer.json?.errorType ?? ''}`);
} finally {
  await wiki.remove();
}
