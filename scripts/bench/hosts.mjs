// The same REST load on the reference host and on MediaWiki (SQLite, and MariaDB when asked), in one
// run on this machine: GET /subject/{id}, PUT /subject/{id} and GET /subjects at concurrency 1 and 8.
// The hosts take turns, ROUNDS times, and each figure is the median of its rounds; the last column is
// MediaWiki's rate over the reference host's. Nothing is asserted. Usage:
//   node scripts/bench/hosts.mjs [REQUESTS_PER_RUN] [SECONDS_PER_RUN] [ROUNDS]
// Databases: STRATA_BENCH_MEDIAWIKI_DBS (default "sqlite mariadb"); port: STRATA_MEDIAWIKI_PORT
// (default 8950; each MediaWiki takes three ports: the wiki, FalkorDB, Oxigraph).
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { Target, unique } from '../../host-shim/test-support/target.js';
import { loadRun, median, personStatements } from './load.mjs';
import { startMediaWiki } from './mediawiki-wiki.mjs';

const REQUESTS = Number(process.argv[2] ?? 300);
const SECONDS = Number(process.argv[3] ?? 5);
const ROUNDS = Number(process.argv[4] ?? 3);
const CONCURRENCY = [1, 8];
const SUBJECTS = 32;

/** The scenarios of one host: a Schema of its own and SUBJECTS Subjects to read and replace. */
async function scenarios(target) {
  const client = await target.client('Bench', ['sysop', 'bot']);
  const schema = unique('Person');
  await client.rest('PUT', `${V0}/schema/${schema}`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' }, Age: { type: 'number' } } } } });
  const ids = [];
  for (let n = 0; n < SUBJECTS; n += 1) {
    ids.push((await client.rest('POST', `${V0}/subjects`, { body: { schema, label: `Seed ${n}`, statements: personStatements(n) } })).json.subjectId);
  }
  return [
    ['GET /subject/{id}', (i) => client.rest('GET', `${V0}/subject/${ids[i % SUBJECTS]}`)],
    // Each worker replaces its own Subjects, so the figures are not those of edit conflicts.
    ['PUT /subject/{id}', (i, w) => client.rest('PUT', `${V0}/subject/${ids[(w * 4 + (i % 4)) % SUBJECTS]}`, { body: { label: `Seed ${w}`, statements: personStatements(i) } })],
    ['GET /subjects', () => client.rest('GET', `${V0}/subjects?schema=${schema}&limit=20`)],
  ];
}

const port = Number(process.env.STRATA_MEDIAWIKI_PORT ?? 8950);
const dbs = (process.env.STRATA_BENCH_MEDIAWIKI_DBS ?? 'sqlite mariadb').split(/\s+/).filter(Boolean);
const hosts = [{ name: 'reference host', target: await Target.start(), stop: async () => {} }];
try {
  for (const [i, db] of dbs.entries()) {
    const wiki = await startMediaWiki({ db, port: port + 3 * i, stores: false, name: `MediaWiki (${db})` });
    hosts.push({ name: wiki.target.name, ...wiki });
  }
  for (const host of hosts) host.scenarios = await scenarios(host.target);
  console.log(`hosts: ${REQUESTS} requests or ${SECONDS} s per run, median of ${ROUNDS} rounds, loopback, no stores, MediaWiki under Apache prefork (mod_php)`);
  const names = hosts[0].scenarios.map(([name]) => name);
  for (const [s, name] of names.entries()) {
    for (const concurrency of CONCURRENCY) {
      const results = hosts.map(() => []);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [h, host] of hosts.entries()) {
          results[h].push(await loadRun({ concurrency, requests: REQUESTS, seconds: SECONDS }, host.scenarios[s][1]));
        }
      }
      const reference = median(results[0].map((r) => Number(r.rps)));
      for (const [h, host] of hosts.entries()) {
        const rps = median(results[h].map((r) => Number(r.rps)));
        const p99 = median(results[h].map((r) => Number(r.p99)));
        const failed = results[h].reduce((sum, r) => sum + r.failed, 0);
        // A host that answered with errors did other work than the reference host: no ratio.
        const ratio = h === 0 || failed ? '' : `  ${(rps / reference).toFixed(2)}× the reference host`;
        console.log(`hosts ${name.padEnd(18)} c=${concurrency} ${host.name.padEnd(18)} ${String(rps).padStart(6)} req/s  p99 ${p99.toFixed(1).padStart(7)} ms${failed ? `  (${failed} not 2xx)` : ''}${ratio}`);
      }
    }
  }
} finally {
  for (const host of hosts) {
    await host.target.remove();
    await host.stop();
  }
}
