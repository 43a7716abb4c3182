// Strata's requests beside MediaWiki's own on the same wiki, in one run: what Strata adds to
// MediaWiki, not how MediaWiki compares with the reference host. Each pair alternates round by round
// (Strata, peer, Strata, peer, ...), and each figure is the median of its rounds:
//   GET /subject/{id}        beside core GET /rest.php/v1/page/{title} of the Subject's own page
//                            (and GET /v1/page/{title}/bare, MediaWiki's floor)
//   PUT /subject/{id}        beside api.php action=edit of a wikitext page of the same size
//   GET /subjects?limit=20   beside api.php list=allpages with aplimit=20
// at concurrency 1 and 8. The last columns are Strata's rate over its peer's and its p99 over the
// peer's. Nothing is asserted. Usage:
//   node scripts/bench/mediawiki-peers.mjs [REQUESTS_PER_RUN] [SECONDS_PER_RUN] [ROUNDS]
// Wikis: one per database of STRATA_BENCH_MEDIAWIKI_DBS (default "sqlite mariadb") and per store
// setting of STRATA_BENCH_STORES (default "off on": without stores, then FalkorDB and Oxigraph),
// started with scripts/mediawiki.sh on STRATA_MEDIAWIKI_PORT (default 8950, three ports each). Or an
// existing wiki: STRATA_BENCH_MEDIAWIKI_URL with STRATA_BENCH_MEDIAWIKI_BOTPASSWORD (the command that
// prints a bot password, as scripts/mediawiki.sh botpassword DIR does) and STRATA_BENCH_MEDIAWIKI_NAME.
// PEERS_ONLY=<regex> measures only the pairs whose Strata request matches (e.g. '^GET /subjects$');
// STRATA_BENCH_CONCURRENCY (default "1 8") the concurrencies.
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { Target, unique } from '../../host-shim/test-support/target.js';
import { loadRun, median, personStatements } from './load.mjs';
import { startMediaWiki } from './mediawiki-wiki.mjs';

const REQUESTS = Number(process.argv[2] ?? 300);
const SECONDS = Number(process.argv[3] ?? 5);
const ROUNDS = Number(process.argv[4] ?? 3);
const env = process.env;
const CONCURRENCY = (env.STRATA_BENCH_CONCURRENCY ?? '1 8').split(/\s+/).filter(Boolean).map(Number);
const SUBJECTS = 32;

/** The wikis to measure: `{name, target, stop}` each. */
async function* wikis() {
  if (env.STRATA_BENCH_MEDIAWIKI_URL) {
    const wiki = { url: env.STRATA_BENCH_MEDIAWIKI_URL, name: env.STRATA_BENCH_MEDIAWIKI_NAME ?? 'MediaWiki', commands: { botPassword: env.STRATA_BENCH_MEDIAWIKI_BOTPASSWORD } };
    yield { name: wiki.name, target: await Target.start({ wiki }), stop: async () => {} };
    return;
  }
  const port = Number(env.STRATA_MEDIAWIKI_PORT ?? 8950);
  const words = (value) => value.split(/\s+/).filter(Boolean);
  for (const db of words(env.STRATA_BENCH_MEDIAWIKI_DBS ?? 'sqlite mariadb')) {
    for (const stores of words(env.STRATA_BENCH_STORES ?? 'off on')) {
      const name = `MediaWiki (${db}, stores ${stores})`;
      yield { name, ...(await startMediaWiki({ db, port, stores: stores === 'on', name })) };
    }
  }
}

/** The pairs of one wiki: `[name, strata(i, w), peer(i, w)]`, on a Schema and Subjects of its own. */
async function pairs(target) {
  const client = await target.client('PeerBench', ['sysop', 'bot']);
  const schema = unique('Person');
  await client.rest('PUT', `${V0}/schema/${schema}`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' }, Age: { type: 'number' } } } } });
  const subjects = [];
  for (let n = 0; n < SUBJECTS; n += 1) {
    // Labels (and so page titles) of this run's own, so a wiki measured before can be measured again.
    const created = await client.rest('POST', `${V0}/subjects`, { body: { schema, label: `${schema} seed ${n}`, statements: personStatements(n) } });
    subjects.push({ id: created.json.subjectId, title: created.json.subject.pageTitle });
  }
  // The edit peer saves wikitext as long as the Subject update body, on pages of its own.
  const updateBody = (i, w) => ({ label: `Seed ${w}`, statements: personStatements(i) });
  const peerTitles = subjects.map((_, n) => `${unique('PeerPage')} ${n}`);
  const csrf = await client.token('csrf');
  const edit = (title, i) => client.post({ action: 'edit', title, text: JSON.stringify(updateBody(i, 0)).padEnd(120, '.'), bot: '1', token: csrf })
    .then((answer) => ({ status: answer.edit?.result === 'Success' ? 200 : 500 }));
  for (const [n, title] of peerTitles.entries()) await edit(title, n);
  const page = (n) => encodeURIComponent(subjects[n % SUBJECTS].title.replaceAll(' ', '_'));
  // Each worker writes its own four Subjects or pages, so no figure is one of edit conflicts.
  const own = (i, w) => (w * 4 + (i % 4)) % SUBJECTS;
  const listed = (answer) => ({ status: answer.query?.allpages ? 200 : 500 });
  return [
    ['GET /subject/{id}', (i) => client.rest('GET', `${V0}/subject/${subjects[i % SUBJECTS].id}`), 'core GET /v1/page/{title}', (i) => client.rest('GET', `/rest.php/v1/page/${page(i)}`)],
    ['GET /subject/{id}', (i) => client.rest('GET', `${V0}/subject/${subjects[i % SUBJECTS].id}`), 'core GET /v1/page/{title}/bare', (i) => client.rest('GET', `/rest.php/v1/page/${page(i)}/bare`)],
    ['PUT /subject/{id}', (i, w) => client.rest('PUT', `${V0}/subject/${subjects[own(i, w)].id}`, { body: updateBody(i, w) }), 'api.php action=edit', (i, w) => edit(peerTitles[own(i, w)], i)],
    ['GET /subjects', () => client.rest('GET', `${V0}/subjects?schema=${schema}&limit=20`), 'api.php list=allpages', () => client.get({ action: 'query', list: 'allpages', aplimit: '20' }).then(listed)],
  ];
}

// Rates from each round's count and time, not its rounded req/s: at a few saves a second whole
// numbers would move the ratio in steps of a third.
const figure = (results) => ({
  rps: median(results.map((r) => r.count / r.seconds)), p99: median(results.map((r) => Number(r.p99))), failed: results.reduce((sum, r) => sum + r.failed, 0),
});
const show = ({ rps, p99, failed }) => `${rps.toFixed(1).padStart(6)} req/s p99 ${p99.toFixed(1).padStart(6)} ms${failed ? ` (${failed} not 2xx)` : ''}`;

console.log(`mediawiki-peers: ${REQUESTS} requests or ${SECONDS} s per run, median of ${ROUNDS} alternating rounds, loopback, Apache prefork (mod_php)`);
for await (const wiki of wikis()) {
  try {
    const only = env.PEERS_ONLY ? new RegExp(env.PEERS_ONLY) : null;
    for (const [name, strata, peerName, peer] of (await pairs(wiki.target)).filter(([n]) => !only || only.test(n))) {
      for (const concurrency of CONCURRENCY) {
        const mine = [], theirs = [];
        const load = { concurrency, requests: REQUESTS, seconds: SECONDS };
        for (let round = 0; round < ROUNDS; round += 1) {
          mine.push(await loadRun(load, strata));
          theirs.push(await loadRun(load, peer));
        }
        const a = figure(mine), b = figure(theirs);
        // A side that answered with errors did other work than its peer: no ratio.
        const ratio = a.failed || b.failed ? '' : `  rate ${(a.rps / b.rps).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}× the peer's`;
        console.log(`mediawiki-peers ${wiki.name}: ${name} c=${concurrency} ${show(a)} | ${peerName} ${show(b)}${ratio}`);
      }
    }
  } finally {
    await wiki.target.remove();
    await wiki.stop();
  }
}
