#!/usr/bin/env node
// Rebuild throughput: N generated Subjects (10 a page, each with three Statements and a relation to
// the next Subject) are written into a scratch wiki, then each store is rebuilt by the same worker
// `POST /graph-stores/{name}/rebuild` starts, and Subjects per second are printed for each tenth of
// the run as the store grows, then overall. For FalkorDB on this machine each line also gives the
// server's CPU per 1,000 Subjects (/proc/PID/stat, all its threads), which moves less with the
// machine's load than the rates do, and the CPU of its append-only file rewrites (forked children,
// counted once reaped) with their number.
//
//   node scripts/bench/rebuild.mjs [N=100000] [STORE...]
//
// Stores: the embedded SPARQL store (`embedded`); FalkorDB (`graph`) when STRATA_FALKORDB_URL is set
// (graph `strata_bench_rebuild`, deleted afterwards) and the Oxigraph server (`server`) when
// STRATA_OXIGRAPH_URL is set (cleared: point it at a scratch server); all of them unless STOREs are
// named. scripts/stores/start-all.sh starts both servers.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../../host-shim/platform/config.js';
import { openDatabase } from '../../host-shim/platform/db.js';
import { savePages } from '../../host-shim/platform/storage/page-writes.js';
import { queueRun } from '../../host-shim/stores/runs.js';
import { openStores } from '../../host-shim/platform/site-stores.js';
import { loadCore } from '../../host-shim/src/loader.js';

const PER_PAGE = 10;
const total = Number.parseInt(process.argv[2] ?? '100000', 10);
if (!Number.isInteger(total) || total < PER_PAGE * 10) {
  console.error(`usage: rebuild.mjs N (N at least ${PER_PAGE * 10})`);
  process.exit(2);
}
const pages = Math.floor(total / PER_PAGE);
const only = process.argv.slice(3);

const SCHEMA = JSON.stringify({
  propertyDefinitions: {
    Name: { type: 'text' },
    Age: { type: 'number' },
    Born: { type: 'date' },
    Knows: { type: 'relation', relation: 'Knows', targetSchemas: ['Person'] },
  },
});

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function id(prefix, n) {
  let digits = '';
  for (let v = n; digits.length < 14; v = Math.floor(v / 62)) digits = BASE62[v % 62] + digits;
  return prefix + digits;
}

/** The page's Subject slot and its Subject index rows (the rebuild reads the index: docs/stores.md). */
function pageContent(page) {
  const subjects = {};
  for (let i = 0; i < PER_PAGE; i++) {
    const n = page * PER_PAGE + i;
    subjects[id('s', n)] = {
      label: `Person ${n}`,
      schema: 'Person',
      statements: {
        Name: { propertyType: 'text', value: [`Name ${n}`] },
        Age: { propertyType: 'number', value: n % 97 },
        Born: { propertyType: 'date', value: [`19${String(n % 100).padStart(2, '0')}-01-01`] },
        Knows: { propertyType: 'relation', value: [{ id: id('r', n), target: id('s', (n + 1) % total) }] },
      },
    };
  }
  const rows = Object.entries(subjects).map(([subjectId, s], position) => ({
    subjectId, schema: 'Person', label: s.label, displayName: s.label, displayNameIsGenerated: false,
    isMain: position === 0, isDependent: false, hostSubjectId: null, position,
  }));
  const slot = JSON.stringify({ mainSubject: id('s', page * PER_PAGE), subjects });
  return { subjectSlot: slot, index: { subjects: rows, relations: [], changedSubjectIds: [] } };
}

const dataDir = mkdtempSync(join(tmpdir(), 'strata-bench-rebuild-'));
const stores = { embedded: { type: 'oxigraph-embedded' } };
if (process.env.STRATA_FALKORDB_URL) stores.graph = { type: 'falkordb', url: process.env.STRATA_FALKORDB_URL, graph: 'strata_bench_rebuild' };
if (process.env.STRATA_OXIGRAPH_URL) stores.server = { type: 'sparql-http', url: process.env.STRATA_OXIGRAPH_URL };
for (const name of Object.keys(stores)) if (only.length > 0 && !only.includes(name)) delete stores[name];
const config = buildConfig({ listen: '127.0.0.1:0', dataDir, stores });
const db = openDatabase(config.dataDir);
const log = (level, message) => level !== 'debug' && console.error(`${level}: ${message}`);
const author = { userId: null, name: 'Bench' };

console.error(`[rebuild] writing ${total} Subjects on ${pages} pages`);
savePages(db, [{ pageId: null, namespace: 7474, title: 'Person', baseRevisionId: null, comment: '', mainSlot: SCHEMA, subjectSlot: null }], author, '2026-01-01T00:00:00Z');
db.transaction(() => {
  for (let page = 0; page < pages; page++) {
    savePages(db, [{ pageId: null, namespace: 0, title: `Bench ${page}`, baseRevisionId: null, comment: '', mainSlot: '', ...pageContent(page) }], author, '2026-01-01T00:00:00Z');
  }
})();

/** The FalkorDB client of the `graph` store. */
function graphClient() {
  return opened.registry.client(opened.registry.entry('graph'));
}

/** The PID of the FalkorDB server when it runs on this machine (its CPU is counted), else null. */
async function falkorDbPid() {
  const pid = Number((await (await graphClient()).client.info('server')).match(/process_id:(\d+)/)?.[1]);
  return pid && existsSync(`/proc/${pid}/stat`) ? pid : null;
}

/**
 * User and system CPU of a process and all its threads so far, and of its reaped children (FalkorDB:
 * its append-only file rewrites), in milliseconds (10 ms ticks).
 */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').map(Number);
  return { own: (fields[11] + fields[12]) * 10, children: (fields[13] + fields[14]) * 10 };
}

/** How many append-only file rewrites the server has made since it started. */
async function aofRewrites() {
  return Number((await (await graphClient()).client.info('persistence')).match(/aof_rewrites:(\d+)/)?.[1] ?? 0);
}

const core = await loadCore();
const opened = openStores({ db, config, core, log, background: false });
try {
  for (const name of Object.keys(stores)) {
    const { run } = queueRun(db, name, 'bench');
    const serverPid = name === 'graph' ? await falkorDbPid() : null;
    // The server's CPU is read when a tenth ends, its rewrite count as the tenth's line is printed.
    const cpu = () => (serverPid ? cpuMsOf(serverPid) : null);
    const cpuNote = (from, to, rewrites, subjects) => {
      if (!serverPid) return '';
      const per = (ms) => (ms / (subjects / 1000)).toFixed(0);
      return `, FalkorDB CPU ${per(to.own - from.own)} ms per 1,000 (AOF rewrites: ${rewrites}, ${per(to.children - from.children)} ms per 1,000)`;
    };
    const rewritesAtStart = serverPid ? await aofRewrites() : 0;
    let rewritesSeen = rewritesAtStart;
    const rewritesSince = async () => {
      const now = serverPid ? await aofRewrites() : 0;
      const since = now - rewritesSeen;
      rewritesSeen = now;
      return since;
    };
    const started = performance.now();
    const cpuAtStart = cpu();
    let lastTenth = 0;
    let lastAt = started;
    let lastDone = 0;
    let lastCpu = cpuAtStart;
    let printing = Promise.resolve();
    const done = await opened.rebuilds.process(run, {
      onProgress: ({ processed }) => {
        const tenth = Math.floor((processed / pages) * 10);
        if (tenth <= lastTenth) return;
        const now = performance.now();
        const subjects = (processed - lastDone) * PER_PAGE;
        const rate = subjects / ((now - lastAt) / 1000);
        const [from, to] = [lastCpu, cpu()];
        const line = `rebuild ${name.padEnd(8)} ${String(tenth * 10).padStart(3)}% ${String(processed * PER_PAGE).padStart(7)} Subjects: ${Math.round(rate)} Subjects/s`;
        printing = printing.then(async () => console.log(`${line}${cpuNote(from, to, await rewritesSince(), subjects)}`));
        [lastTenth, lastAt, lastDone, lastCpu] = [tenth, now, processed, to];
      },
    });
    await printing;
    const seconds = (performance.now() - started) / 1000;
    const subjects = done.processed * PER_PAGE;
    console.log(`rebuild ${name.padEnd(8)} ${done.state}: ${subjects} Subjects in ${seconds.toFixed(1)} s, ${Math.round(subjects / seconds)} Subjects/s overall${cpuNote(cpuAtStart, cpu(), rewritesSeen + (await rewritesSince()) - rewritesAtStart, subjects)}`);
  }
  if (stores.graph) {
    const graph = await graphClient();
    await graph.client.sendCommand(['GRAPH.DELETE', 'strata_bench_rebuild']).catch(() => {});
  }
} finally {
  await opened.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
