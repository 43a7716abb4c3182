// Lists at scale: generates wikis of 10,000, 100,000 (and, when asked, 1,000,000) Subjects, imports
// each through the bulk path into a fresh SQLite database, and times every list endpoint by calling
// the wasm core's handleRoute in-process over the real host operations (no HTTP).
// Usage: node scripts/bench/lists.mjs [SUBJECTS...]   (default: 10000 100000)
// LISTS_KEEP=1 keeps each imported wiki in bench-out/lists-<SUBJECTS>/ (LISTS_DIR=<folder> puts it
// there instead) and reuses it on the next run; LISTS_ONLY=<regex> times only the endpoints whose
// names match. A search may run STRATA_BENCH_SEARCH_BUDGET_MS (default 250, the budget of MediaWiki's
// million-Subject run, mediawiki-million.sh) before it answers 503 searchTimeout; each endpoint's
// line counts those answers and times them.
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bulkImportPages, saveSchemas } from '../../host-shim/platform/bulk-import.js';
import { generatePages, GENERATED_SCHEMAS, SUBJECTS_PER_PAGE } from '../../host-shim/platform/generate.js';
import { makeHostOps } from '../../host-shim/platform/ops.js';
import { NS_LAYOUT, NS_MAPPING } from '../../host-shim/platform/pages/namespaces.js';
import { savePages } from '../../host-shim/platform/storage/page-writes.js';
import { makeBridge } from '../../host-shim/src/bridge.js';
import { loadCore } from '../../host-shim/src/loader.js';
import { openSite, quietLog } from '../../host-shim/test-support/site.js';
import { LAYOUTS, listEndpoints, MAPPINGS, timeEndpoints } from './list-endpoints.mjs';

const core = await loadCore();
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const budget = Number(process.env.STRATA_BENCH_SEARCH_BUDGET_MS ?? 250);
if (!(Number.isInteger(budget) && budget > 0)) throw new Error('STRATA_BENCH_SEARCH_BUDGET_MS: a whole number of milliseconds above 0');
const READER = { userId: 1, name: 'Bench', anonymous: false, bot: false, groups: ['*', 'user'], rights: ['read', 'strata-query'], csrfValid: false };

/** A fresh site with the generated wiki imported, or with LISTS_KEEP=1 the one kept from an earlier run. */
async function importedSite(subjects) {
  const base = process.env.LISTS_DIR ?? fileURLToPath(new URL('../../bench-out', import.meta.url));
  const kept = process.env.LISTS_KEEP === '1' ? `${base}/lists-${subjects}` : null;
  if (kept && existsSync(`${kept}/done`)) {
    console.log(`lists ${subjects}: reusing the wiki imported earlier into ${kept}`);
    return { site: openSite({ searchTimeoutMs: budget }, kept), keep: true };
  }
  if (kept) {
    rmSync(kept, { recursive: true, force: true });
    mkdirSync(kept, { recursive: true });
  }
  const site = kept ? openSite({ searchTimeoutMs: budget }, kept) : openSite({ searchTimeoutMs: budget });
  const host = { db: site.db, config: site.config, core, log: quietLog };
  const started = process.hrtime.bigint();
  await saveSchemas(host, GENERATED_SCHEMAS);
  const totals = await bulkImportPages(host, { pages: generatePages({ total: subjects / SUBJECTS_PER_PAGE }), batch: 500 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  site.db.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = statSync(`${site.dataDir}/strata.sqlite`).size;
  console.log(`lists ${subjects}: import ${totals.subjects} Subjects in ${seconds.toFixed(1)} s = ${Math.round(totals.subjects / seconds)} Subjects/s (indexes built after the load: ${totals.indexSeconds.toFixed(1)} s); database ${(bytes / 2 ** 20).toFixed(0)} MiB`);
  if (kept) writeFileSync(`${kept}/done`, '');
  return { site, keep: Boolean(kept) };
}

function saveLayoutsAndMappings(db) {
  const page = (namespace) => ({ title, text }) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot: text, subjectSlot: null });
  const existing = db.prepare('SELECT count(*) FROM page WHERE namespace IN (?, ?)').pluck().get(NS_LAYOUT, NS_MAPPING);
  if (existing === 0) savePages(db, [...LAYOUTS.map(page(NS_LAYOUT)), ...MAPPINGS.map(page(NS_MAPPING))], { userId: null, name: 'Bench' }, new Date().toISOString());
}

async function bench(subjects) {
  const { site, keep } = await importedSite(subjects);
  saveLayoutsAndMappings(site.db);

  const bridge = makeBridge(makeHostOps({ db: site.db, config: site.config, caller: READER, log: quietLog }));
  const route = async (path, query) => {
    const request = { method: 'GET', path: `/strata/v0${path}`, query, headers: {}, body: '', caller: READER };
    const response = JSON.parse(await core.handleRoute(JSON.stringify(request), bridge));
    if (response.status !== 200 && JSON.parse(response.body).errorType !== 'searchTimeout') {
      throw new Error(`${path} ${JSON.stringify(query)}: ${response.status} ${response.body}`);
    }
    return response;
  };
  const call = async (path, query) => JSON.parse((await route(path, query)).body);
  const pageIds = site.db.prepare('SELECT id FROM page WHERE namespace = 0 ORDER BY id LIMIT 100').pluck().all();
  const endpoints = await listEndpoints({ call, subjects, pageIds });
  const only = process.env.LISTS_ONLY ? new RegExp(process.env.LISTS_ONLY) : null;
  console.log(`lists ${subjects}: search budget (searchTimeoutMs) ${budget} ms; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  await timeEndpoints(endpoints, { send: async (path, query) => (await route(path, query)).status === 200, label: `lists ${subjects}`, only });
  site.db.close();
  if (!keep) rmSync(site.dataDir, { recursive: true, force: true });
}

for (const subjects of sizes.length ? sizes : [10000, 100000]) await bench(subjects);
