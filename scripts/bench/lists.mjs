// Lists at scale: generates wikis of 10,000, 100,000 (and, when asked, 1,000,000) Subjects, imports
// each through the bulk path into a fresh SQLite database, and times every list endpoint by calling
// the wasm core's handleRoute in-process over the real host operations (no HTTP).
// Usage: node scripts/bench/lists.mjs [SUBJECTS...]   (default: 10000 100000)
// LISTS_KEEP=1 keeps each imported wiki in bench-out/lists-<SUBJECTS>/ (LISTS_DIR=<folder> puts it
// there instead) and reuses it on the next run; LISTS_ONLY=<regex> times only the endpoints whose
// names match.
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bulkImportPages, saveSchemas } from '../../host-shim/platform/bulk-import.js';
import { generatePages, GENERATED_SCHEMAS, SUBJECTS_PER_PAGE, subjectId } from '../../host-shim/platform/generate.js';
import { makeHostOps } from '../../host-shim/platform/ops.js';
import { NS_LAYOUT, NS_MAPPING } from '../../host-shim/platform/pages/namespaces.js';
import { savePages } from '../../host-shim/platform/storage/page-writes.js';
import { makeBridge } from '../../host-shim/src/bridge.js';
import { loadCore } from '../../host-shim/src/loader.js';
import { openSite, quietLog } from '../../host-shim/test-support/site.js';

const core = await loadCore();
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const SAMPLES = 200;
const READER = { userId: 1, name: 'Bench', anonymous: false, bot: false, groups: ['*', 'user'], rights: ['read', 'strata-query'], csrfValid: false };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A fresh site with the generated wiki imported, or with LISTS_KEEP=1 the one kept from an earlier run. */
async function importedSite(subjects) {
  const base = process.env.LISTS_DIR ?? fileURLToPath(new URL('../../bench-out', import.meta.url));
  const kept = process.env.LISTS_KEEP === '1' ? `${base}/lists-${subjects}` : null;
  if (kept && existsSync(`${kept}/done`)) {
    console.log(`lists ${subjects}: reusing the wiki imported earlier into ${kept}`);
    return { site: openSite({}, kept), keep: true };
  }
  if (kept) {
    rmSync(kept, { recursive: true, force: true });
    mkdirSync(kept, { recursive: true });
  }
  const site = kept ? openSite({}, kept) : openSite();
  const host = { db: site.db, config: site.config, core, log: quietLog };
  const started = process.hrtime.bigint();
  await saveSchemas(host, GENERATED_SCHEMAS);
  const totals = await bulkImportPages(host, { pages: generatePages({ total: subjects / SUBJECTS_PER_PAGE }), schemas: GENERATED_SCHEMAS, batch: 500 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  site.db.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = statSync(`${site.dataDir}/strata.sqlite`).size;
  console.log(`lists ${subjects}: import ${totals.subjects} Subjects in ${seconds.toFixed(1)} s = ${Math.round(totals.subjects / seconds)} Subjects/s (indexes built after the load: ${totals.indexSeconds.toFixed(1)} s); database ${(bytes / 2 ** 20).toFixed(0)} MiB`);
  if (kept) writeFileSync(`${kept}/done`, '');
  return { site, keep: Boolean(kept) };
}

// Layouts and Mappings of the generated Schemas: a card and a table Layout and one Mapping each.
const LAYOUTS = Object.keys(GENERATED_SCHEMAS).flatMap((schema) => ['card', 'table'].map((type) => ({
  title: `${schema} ${type}`, text: JSON.stringify({ schema, type, settings: { properties: ['Summary', 'Status'] } }),
})));
const MAPPINGS = Object.keys(GENERATED_SCHEMAS).map((schema) => ({
  title: `${schema} to schema.org`,
  text: JSON.stringify({ version: 1, schema, target: 'schemaorg', prefixes: { schema: 'https://schema.org/' },
    subject: { class: 'schema:Thing' }, properties: { Summary: { predicate: 'schema:description' } } }),
}));

function saveLayoutsAndMappings(db) {
  const page = (namespace) => ({ title, text }) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot: text, subjectSlot: null });
  const existing = db.prepare('SELECT count(*) FROM page WHERE namespace IN (?, ?)').pluck().get(NS_LAYOUT, NS_MAPPING);
  if (existing === 0) savePages(db, [...LAYOUTS.map(page(NS_LAYOUT)), ...MAPPINGS.map(page(NS_MAPPING))], { userId: null, name: 'Bench' }, new Date().toISOString());
}

async function bench(subjects) {
  const { site, keep } = await importedSite(subjects);
  saveLayoutsAndMappings(site.db);

  const bridge = makeBridge(makeHostOps({ db: site.db, config: site.config, caller: READER, log: quietLog }));
  const call = async (path, query) => {
    const request = { method: 'GET', path: `/strata/v0${path}`, query, headers: {}, body: '', caller: READER };
    const response = JSON.parse(await core.handleRoute(JSON.stringify(request), bridge));
    if (response.status !== 200) throw new Error(`${path} ${JSON.stringify(query)}: ${response.status} ${response.body}`);
    return JSON.parse(response.body);
  };
  // A cursor in the middle of each order, so keyset pages start deep in the index.
  const middle = async (query) => (await call('/subjects', { ...query, limit: '50' })).nextCursor;
  const words = ['Berger', 'Vienna', 'Lab', 'nna', 'Gd', 'Toolkit Pil'];
  const shortWords = ['e', 'an', 'Ü', 'gd', 'ía', 'K', 'qx', 'ø'];
  const someId = (i) => subjectId((i * 7919) % subjects);
  const pageIds = site.db.prepare('SELECT id FROM page WHERE namespace = 0 ORDER BY id LIMIT 100').pluck().all();
  const endpoints = [
    ['subjects newest', () => ['/subjects', { limit: '50' }]],
    ...await Promise.all(['name', 'schema', 'page', 'edited'].flatMap((sort) => ['asc', 'desc'].map(async (direction) => {
      const cursor = await middle({ sort, direction });
      return [`subjects ${sort} ${direction}`, () => ['/subjects', { sort, direction, limit: '50', cursor }]];
    }))),
    ['subjects schema=Person name', () => ['/subjects', { schema: 'Person', sort: 'name', limit: '50' }]],
    ['subjects search', (i) => ['/subjects', { search: words[i % words.length], sort: 'name', limit: '50' }]],
    // One and two characters, a substring of name or title like any search: common ones (a walk of the
    // order's index) and rare or absent ones (a range of the trigram index, docs/lists.md).
    ['subjects short search', (i) => ['/subjects', { search: shortWords[i % shortWords.length], sort: 'name', limit: '50' }]],
    // A pasted partial ID: generated IDs count up, so 14 of 15 characters match 62 Subjects, as a
    // minted ID's first 12 (time and part of the random digits) match about one.
    ['subjects search ID prefix', (i) => ['/subjects', { search: someId(i).slice(0, 14), limit: '50' }]],
    // The worst case known: an ID prefix shared by a quarter of the wiki, its Subjects all older than
    // the rest, so the newest-first walk passes every newer Subject first (docs/lists.md).
    ['subjects search wide ID prefix', (i) => ['/subjects', { search: someId(i).slice(0, 12), limit: '50' }]],
    ['recently-edited-subjects', () => ['/recently-edited-subjects', { limit: '50' }]],
    ['subject-counts', () => ['/subject-counts', {}]],
    ['subject-labels', (i) => ['/subject-labels', { search: words[i % 3].slice(0, 3), schema: 'Person|Place', limit: '50' }]],
    ['referencingSubjects', (i) => [`/subject/${someId(i)}/referencingSubjects`, { limit: '50' }]],
    ['editNotices', (i) => [`/page/${pageIds[i % pageIds.length]}/editNotices`, { schema: 'Person' }]],
    ['layouts', () => ['/layouts', { limit: '50' }]],
    ['layout/{name}', (i) => [`/layout/${encodeURIComponent(LAYOUTS[i % LAYOUTS.length].title)}`, {}]],
    ['mappings', () => ['/mappings', { limit: '50' }]],
  ];
  const only = process.env.LISTS_ONLY ? new RegExp(process.env.LISTS_ONLY) : null;
  const pass = async (request) => {
    const times = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const [path, query] = request(i);
      const t = process.hrtime.bigint();
      await call(path, query);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    return times.sort((a, b) => a - b);
  };
  for (const [name, request] of endpoints.filter(([n]) => !only || only.test(n))) {
    // A first, untimed pass brings the pages each request reads into the caches, as on a server that
    // has been answering for a while; its slowest request is printed as the cold figure.
    const cold = (await pass(request)).at(-1);
    const times = await pass(request);
    console.log(`lists ${subjects}: ${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (cold pass: slowest ${cold.toFixed(0)} ms)`);
  }
  site.db.close();
  if (!keep) rmSync(site.dataDir, { recursive: true, force: true });
}

for (const subjects of sizes.length ? sizes : [10000, 100000]) await bench(subjects);
