// REST throughput and latency of a running `strata serve` on loopback: GET /subject/{id},
// PUT /subject/{id} and POST /subjects at concurrency 1, 8 and 16. Each run is bounded by a request
// count and a time limit, whichever ends first. With STRATA_FALKORDB_URL set (scripts/stores/start-all.sh),
// the wiki projects every save into FalkorDB and an embedded Oxigraph, as `make run` does. Each line
// also prints the CPU the server process (all its threads) and this client used per request. Usage:
//   node scripts/bench/http.mjs [REQUESTS_PER_RUN] [SECONDS_PER_RUN]
// STRATA_BENCH_WIKI_DIR=<data folder> (one holding strata.sqlite, e.g. a kept lists.mjs wiki) serves that
// wiki instead of a new one: it is neither copied nor deleted. The run adds to it an account
// (`HTTP bench`), a Schema (`HTTP bench person`), its Subjects, and with stores their state rows; GET
// reads a sample of the wiki's own Subjects. STRATA_BENCH_HTTP_ONLY=<regex> runs only the matching
// lines (e.g. `PUT.*c=8`); STRATA_BENCH_SERVER_NODE_ARGS gives the server's Node options (e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof`: the profile is written when the run stops the server).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { tempDir } from '../../host-shim/test-support/site.js';
import { Wiki } from '../../host-shim/test-support/wiki-process.js';
import { FalkorDbStore } from '../../host-shim/stores/falkordb.js';
import { keepAliveClient } from './http-client.mjs';
import { loadRun, personStatements } from './load.mjs';

const REQUESTS = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 10);
const CONCURRENCY = [1, 8, 16];
const SUBJECTS = 64;
const SAMPLE = 1000;
const SCHEMA = 'HTTP bench person';
const USER = ['HTTP bench', 'bench password'];
// Labels title new pages, so each run's are its own (an existing wiki keeps the pages of earlier runs).
const RUN = Date.now().toString(36);
const WIKI_DIR = process.env.STRATA_BENCH_WIKI_DIR ? resolve(process.env.STRATA_BENCH_WIKI_DIR) : null;
const ONLY = new RegExp(process.env.STRATA_BENCH_HTTP_ONLY ?? '');
const TICKS_PER_MS = 100 / 1000; // /proc/PID/stat counts CPU time in clock ticks of 10 ms

const body = (value) => JSON.stringify(value);

/** User and system CPU of a process and all its threads so far, in milliseconds. */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

/** The PID of the FalkorDB server at `url` when it runs on this machine (its CPU is counted), else null. */
async function falkorDbPid(url) {
  const store = await new FalkorDbStore({ url, graph: graphName }).connect();
  try {
    const pid = Number((await store.client.info('server')).match(/process_id:(\d+)/)?.[1]);
    return pid && existsSync(`/proc/${pid}/stat`) ? pid : null;
  } finally {
    await store.close();
  }
}

/** Up to SAMPLE Subject IDs spread over an existing wiki's index, read without a server. */
function sampledIds(wiki) {
  return wiki.inspect((db) => {
    const last = db.prepare('SELECT max(row_id) FROM subject_index').pluck().get() ?? 0;
    const at = db.prepare('SELECT subject_id FROM subject_index WHERE row_id >= ? ORDER BY row_id LIMIT 1').pluck();
    const ids = new Set();
    for (let n = 0; n < SAMPLE && last > 0; n += 1) ids.add(at.get(1 + Math.floor(Math.random() * last)));
    return [...ids].filter(Boolean);
  });
}

const FALKORDB = process.env.STRATA_FALKORDB_URL;
const graphName = `bench_http_${process.pid}`;
// The embedded store's snapshot goes to a folder of the run's own, also for an existing wiki.
const stores = FALKORDB
  ? { sparql: { type: 'oxigraph-embedded', directory: join(tempDir(), 'sparql') }, graph: { type: 'falkordb', url: FALKORDB, graph: graphName } }
  : {};
const wiki = new Wiki({ stores, ...(WIKI_DIR && { dataDir: WIKI_DIR }) });
try {
  await wiki.user(...USER, ['sysop']).catch((error) => {
    if (!WIKI_DIR || !/already exists/.test(error.message)) throw error;
  });
  const readIds = WIKI_DIR ? sampledIds(wiki) : [];
  await wiki.start({ nodeArgs: (process.env.STRATA_BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) });
  const client = await wiki.client(...USER);
  if ((await client.rest('GET', `${V0}/schema/${SCHEMA.replaceAll(' ', '_')}`)).status === 404) {
    await client.rest('PUT', `${V0}/schema/${SCHEMA.replaceAll(' ', '_')}`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' }, Age: { type: 'number' } } } } });
  }
  const ids = [];
  for (let n = 0; n < SUBJECTS; n += 1) {
    const answer = await client.rest('POST', `${V0}/subjects`, { body: { schema: SCHEMA, label: `Seed ${RUN} ${n}`, statements: personStatements(n) } });
    if (answer.status !== 201) throw new Error(`POST /subjects: ${answer.status} ${answer.text}`);
    ids.push(answer.json.subjectId);
  }
  const getIds = readIds.length ? readIds : ids;
  let created = 0;
  const scenarios = [
    ['GET /subject/{id}', (http, i) => http.request('GET', `${V0}/subject/${getIds[i % getIds.length]}`)],
    // Each worker writes its own Subjects, so the figures are not those of edit conflicts.
    ['PUT /subject/{id}', (http, i, w) => http.request('PUT', `${V0}/subject/${ids[(w * 4 + (i % 4)) % SUBJECTS]}`, body({ label: `Seed ${w}`, statements: personStatements(i) }))],
    ['POST /subjects', (http) => http.request('POST', `${V0}/subjects`, body({ schema: SCHEMA, label: `New ${RUN} ${(created += 1)}`, statements: personStatements(created) }))],
  ];
  const storesOn = FALKORDB ? 'FalkorDB and embedded Oxigraph' : 'no stores';
  console.log(`http: ${REQUESTS} requests or ${SECONDS} s per run, loopback, SQLite synchronous=FULL, ${storesOn}, `
    + `${WIKI_DIR ? `the wiki in ${WIKI_DIR} (GET over ${getIds.length} of its Subjects)` : 'a new wiki'}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const serverPid = wiki.process.child.pid;
  const storePid = FALKORDB ? await falkorDbPid(FALKORDB) : null;
  for (const [name, request] of scenarios) {
    for (const concurrency of CONCURRENCY) {
      const line = `${name.padEnd(18)} c=${String(concurrency).padEnd(2)}`;
      if (!ONLY.test(line)) continue;
      const http = keepAliveClient({ baseUrl: wiki.url, cookie: client.cookieHeader(), csrf: client.csrf, connections: concurrency });
      const serverBefore = cpuMsOf(serverPid);
      const storeBefore = storePid ? cpuMsOf(storePid) : 0;
      const { count, rps, p50, p99, failed, clientCpuMs } = await loadRun({ concurrency, requests: REQUESTS, seconds: SECONDS }, (i, w) => request(http, i, w));
      const serverCpuMs = cpuMsOf(serverPid) - serverBefore;
      const storeCpuMs = storePid ? cpuMsOf(storePid) - storeBefore : null;
      http.close();
      const perRequest = (ms) => (ms / count).toFixed(2).padStart(5);
      console.log(`http ${line} ${rps.padStart(6)} req/s  p50 ${p50.padStart(7)} ms  p99 ${p99.padStart(7)} ms  `
        + `CPU/request: server ${perRequest(serverCpuMs)} ms, client ${perRequest(clientCpuMs)} ms`
        + `${storeCpuMs === null ? '' : `, FalkorDB ${perRequest(storeCpuMs)} ms`}  (${count} requests${failed ? `, ${failed} not 2xx` : ''})`);
    }
  }
  console.log(`http: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
} finally {
  // A clean stop (stores flushed, and a CPU profile written under NODE_OPTIONS=--cpu-prof); only the
  // run's own folder is removed: an existing wiki's data folder is outside it.
  if (wiki.process) await wiki.stop('SIGTERM');
  await wiki.remove();
  if (FALKORDB) {
    const store = await new FalkorDbStore({ url: FALKORDB, graph: graphName }).connect();
    await store.client.sendCommand(['GRAPH.DELETE', graphName]).catch(() => {});
    await store.close();
  }
}
