// Throughput and peak memory of `strata dump-rdf` on a generated wiki, and, on a sample of the same
// quads, the serialization throughput of the N3.js writer and of Oxigraph's store.dump. Usage:
//   node scripts/bench/dump-rdf.mjs [SUBJECTS ...]      (default 100000; generated wikis are kept in bench-out/,
//   or in STRATA_BENCH_OUT when set)
// A wiki has 10 Subjects per page and 12 Statements per Subject, 3 of them relations.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildConfig } from '../../host-shim/platform/config.js';
import { openDatabase } from '../../host-shim/platform/db.js';
import { NS_SCHEMA } from '../../host-shim/platform/pages/namespaces.js';
import { dumpRdf } from '../../host-shim/platform/rdf/dump.js';
import { savePages } from '../../host-shim/platform/storage/page-writes.js';
import { listPagesById } from '../../host-shim/platform/storage/pages.js';
import { loadCore } from '../../host-shim/src/loader.js';

const require = createRequire(new URL('../../host-shim/package.json', import.meta.url));
const N3 = require('n3');
const oxigraph = require('oxigraph');

const SUBJECTS_PER_PAGE = 10;
const BASE = 'https://wiki.example';
const SCRIPT = fileURLToPath(import.meta.url);
const OUT = process.env.STRATA_BENCH_OUT ? `${process.env.STRATA_BENCH_OUT}/` : fileURLToPath(new URL('../../bench-out/', import.meta.url));
// Per Subject: rdf:type, rdfs:label, 9 scalar values, 3 direct relation triples and 3 reified
// relations of 4 triples. Per page: type, name, created, modified, last editor, main Subject and one
// hasSubject per Subject. Checked against a parse of a small dump below.
const TRIPLES_PER_SUBJECT = 2 + 9 + 3 + 3 * 4;
const TRIPLES_PER_PAGE = 6 + SUBJECTS_PER_PAGE;
// The Schema page: its metadata without Subjects.
const SCHEMA_PAGE_TRIPLES = 5;

const SCHEMA = { propertyDefinitions: {
  Name: { type: 'text' }, Description: { type: 'monolingualText' }, Count: { type: 'number' }, Price: { type: 'number' },
  Homepage: { type: 'url' }, Released: { type: 'date' }, Updated: { type: 'dateTime' }, Active: { type: 'boolean' },
  Status: { type: 'select', options: [{ id: 'o1', label: 'Open' }] },
  RelatedTo: { type: 'relation', targetSchemas: ['Item'] }, PartOf: { type: 'relation', targetSchemas: ['Item'] },
  MadeBy: { type: 'relation', targetSchemas: ['Item'] },
} };

const id = (prefix, n) => `${prefix}${String(n).padStart(14, '0')}`;

function subject(n, total) {
  const relation = (k) => ({ propertyType: 'relation', value: [{ id: id('r', n * 3 + k), target: id('s', (n * 7919 + k * 104729) % total) }] });
  return {
    label: `Item ${n}`, schema: 'Item', statements: {
      Name: { propertyType: 'text', value: [`Item number ${n}`] },
      Description: { propertyType: 'monolingualText', value: [{ text: `Generated item ${n}`, language: 'en' }] },
      Count: { propertyType: 'number', value: n },
      Price: { propertyType: 'number', value: 12.5 },
      Homepage: { propertyType: 'url', value: [`https://items.example/${n}`] },
      Released: { propertyType: 'date', value: ['2024-05-17'] },
      Updated: { propertyType: 'dateTime', value: ['2025-01-02T03:04:05Z'] },
      Active: { propertyType: 'boolean', value: n % 2 === 0 },
      Status: { propertyType: 'select', value: ['o1'] },
      RelatedTo: relation(0), PartOf: relation(1), MadeBy: relation(2),
    },
  };
}

/** A wiki of `subjects` Subjects in `dir` (made once, then reused). */
function generate(dir, subjects) {
  if (existsSync(`${dir}/done`)) return;
  rmSync(dir, { recursive: true, force: true });
  const db = openDatabase(dir);
  const author = { userId: null, name: 'Generator' };
  const at = '2026-01-01T00:00:00Z';
  savePages(db, [{ pageId: null, namespace: NS_SCHEMA, title: 'Item', baseRevisionId: null, mainSlot: JSON.stringify(SCHEMA) }], author, at);
  const pages = subjects / SUBJECTS_PER_PAGE;
  for (let first = 0; first < pages; first += 1000) {
    const saves = [];
    for (let p = first; p < Math.min(first + 1000, pages); p += 1) {
      const content = { mainSubject: id('s', p * SUBJECTS_PER_PAGE), subjects: {} };
      for (let k = 0; k < SUBJECTS_PER_PAGE; k += 1) {
        const n = p * SUBJECTS_PER_PAGE + k;
        content.subjects[id('s', n)] = subject(n, subjects);
      }
      saves.push({ pageId: null, namespace: 0, title: `Page ${p}`, baseRevisionId: null, mainSlot: '', subjectSlot: JSON.stringify(content) });
    }
    savePages(db, saves, author, at);
  }
  db.close();
  execFileSync('touch', [`${dir}/done`]);
}

const siteOf = (dir) => ({ db: openDatabase(dir), config: buildConfig({ dataDir: dir, rdfBaseUri: BASE }) });

/** In a child process: the dump to /dev/null, timed, with the process's peak RSS. */
async function child(dir) {
  const { db, config } = siteOf(dir);
  const out = createWriteStream('/dev/null');
  const started = process.hrtime.bigint();
  const { pages } = await dumpRdf({ db, config, core: await loadCore() }, { out });
  await new Promise((resolve) => out.end(resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({ pages, seconds, maxRssKb: process.resourceUsage().maxRSS }));
}

function dumpInChild(dir) {
  return JSON.parse(execFileSync(process.execPath, [SCRIPT, '--child', dir], { encoding: 'utf8', maxBuffer: 1 << 20 }));
}

/** The formula against a parse of a real dump. */
async function checkTripleCount() {
  const dir = `${OUT}dump-rdf-check`;
  generate(dir, 1000);
  const { db, config } = siteOf(dir);
  let text = '';
  await dumpRdf({ db, config, core: await loadCore() }, { out: { write: (chunk) => { text += chunk; return true; } } });
  db.close();
  const count = oxigraph.parse(text, { format: 'application/trig' }).length;
  const want = 100 * TRIPLES_PER_PAGE + 1000 * TRIPLES_PER_SUBJECT + SCHEMA_PAGE_TRIPLES;
  if (count !== want) throw new Error(`the triple formula is off: parsed ${count}, expected ${want}`);
}

/** Serialization throughput of our dump, N3.js and Oxigraph on the same quads: the first pages of `dir`. */
async function compareWriters(dir, samplePages) {
  const { db } = siteOf(dir);
  const core = await loadCore();
  const pages = listPagesById(db, 0, samplePages + 1);
  db.close();
  const sample = [];
  // Project the sample again on its own, timed, so every writer sees the same quads.
  const projector = new core.RdfProjector({ schemas: { Item: SCHEMA }, format: 'trig', baseUri: BASE });
  const strata = timed(() => pages.map((p, i) => projector.projectPage(
    { pageId: p.pageId, title: p.title, prefixedTitle: p.title, created: p.created, modified: p.modified, lastEditor: p.lastEditor },
    p.subjectSlot, i === 0,
  )).join(''));
  projector.free();
  const quads = oxigraph.parse(strata.value, { format: 'application/trig' });
  sample.push(['Strata RdfProjector (projection + TriG)', strata.ms]);
  const n3Quads = new N3.Parser({ format: 'application/trig' }).parse(strata.value);
  const n3 = timed(() => {
    const writer = new N3.Writer({ format: 'application/trig' });
    writer.addQuads(n3Quads);
    let out;
    writer.end((error, result) => { out = result; });
    return out;
  });
  sample.push(['N3.js Writer (TriG)', n3.ms]);
  const store = new oxigraph.Store(quads);
  const ox = timed(() => store.dump({ format: 'application/trig' }));
  sample.push(['Oxigraph store.dump (TriG)', ox.ms]);
  return { quads: quads.length, sample };
}

function timed(fn) {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function main() {
  if (process.argv[2] === '--child') return child(process.argv[3]);
  const sizes = process.argv.slice(2).map(Number);
  mkdirSync(OUT, { recursive: true });
  await checkTripleCount();
  for (const subjects of sizes.length ? sizes : [100000]) {
    const dir = `${OUT}dump-rdf-${subjects}`;
    const made = performance.now();
    generate(dir, subjects);
    console.log(`dump-rdf: wiki of ${fmt(subjects)} Subjects ready (${((performance.now() - made) / 1000).toFixed(1)} s)`);
    const run = dumpInChild(dir);
    const triples = (run.pages - 1) * TRIPLES_PER_PAGE + subjects * TRIPLES_PER_SUBJECT + SCHEMA_PAGE_TRIPLES;
    console.log(`dump-rdf ${fmt(subjects)} Subjects: ${fmt(run.pages)} pages, ${fmt(triples)} triples in ${run.seconds.toFixed(1)} s: `
      + `${fmt(triples / run.seconds)} triples/s, peak RSS ${fmt(run.maxRssKb / 1024)} MiB`);
  }
  const { quads, sample } = await compareWriters(`${OUT}dump-rdf-${sizes[0] ?? 100000}`, 1000);
  console.log('dump-rdf writers, first 1,000 pages (Strata includes projecting; the others only serialize):');
  for (const [name, ms] of sample) console.log(`  same ${fmt(quads)} quads, ${name}: ${fmt(quads / (ms / 1000))} triples/s`);
}

await main();
