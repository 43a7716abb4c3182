// REST throughput and latency of a running `strata serve` on loopback: GET /subject/{id},
// PUT /subject/{id} and POST /subjects at concurrency 1, 8 and 16. Each run is bounded by a request
// count and a time limit, whichever ends first. With STRATA_FALKORDB_URL set (scripts/stores/start-all.sh),
// the wiki projects every save into FalkorDB and an embedded Oxigraph, as `make run` does. Usage:
//   node scripts/bench/http.mjs [REQUESTS_PER_RUN] [SECONDS_PER_RUN]
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { wikiWithSysop } from '../../host-shim/test-support/wiki-process.js';
import { FalkorDbStore } from '../../host-shim/stores/falkordb.js';
import { loadRun } from './load.mjs';

const REQUESTS = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 10);
const CONCURRENCY = [1, 8, 16];
const SUBJECTS = 64;

const statements = (n) => ({ Name: { propertyType: 'text', value: [`Person ${n}`] }, Age: { propertyType: 'number', value: n % 100 } });

const run = (concurrency, request) => loadRun({ concurrency, requests: REQUESTS, seconds: SECONDS }, request);

const FALKORDB = process.env.STRATA_FALKORDB_URL;
const stores = FALKORDB
  ? { graph: { type: 'falkordb', url: FALKORDB, graph: `bench_http_${process.pid}` }, rdf: { type: 'oxigraph-embedded' } }
  : {};
const { wiki, sam: client } = await wikiWithSysop({ stores });
try {
  await client.rest('PUT', `${V0}/schema/Person`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' }, Age: { type: 'number' } } } } });
  const ids = [];
  for (let n = 0; n < SUBJECTS; n += 1) {
    ids.push((await client.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', label: `Seed ${n}`, statements: statements(n) } })).json.subjectId);
  }
  let created = 0;
  const scenarios = [
    ['GET /subject/{id}', (i) => client.rest('GET', `${V0}/subject/${ids[i % SUBJECTS]}`)],
    // Each worker writes its own Subjects, so the figures are not those of edit conflicts.
    ['PUT /subject/{id}', (i, w) => client.rest('PUT', `${V0}/subject/${ids[(w * 4 + (i % 4)) % SUBJECTS]}`, { body: { label: `Seed ${w}`, statements: statements(i) } })],
    ['POST /subjects', () => client.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', label: `New ${(created += 1)}`, statements: statements(created) } })],
  ];
  const storesOn = FALKORDB ? 'FalkorDB and embedded Oxigraph' : 'no stores';
  console.log(`http: ${REQUESTS} requests or ${SECONDS} s per run, loopback, SQLite synchronous=FULL, ${storesOn}`);
  for (const [name, request] of scenarios) {
    for (const concurrency of CONCURRENCY) {
      const { count, rps, p50, p99, failed } = await run(concurrency, request);
      console.log(`http ${name.padEnd(18)} c=${String(concurrency).padEnd(2)} ${rps.padStart(6)} req/s  p50 ${p50.padStart(7)} ms  p99 ${p99.padStart(7)} ms  (${count} requests${failed ? `, ${failed} not 2xx` : ''})`);
    }
  }
} finally {
  await wiki.remove();
  if (FALKORDB) {
    const store = await new FalkorDbStore({ url: FALKORDB, graph: stores.graph.graph }).connect();
    await store.client.sendCommand(['GRAPH.DELETE', stores.graph.graph]).catch(() => {});
    await store.close();
  }
}
