#!/usr/bin/env node
// Loads N generated Subjects into each SPARQL store, one page graph at a time through replaceGraph
// (10 Subjects and about 120 triples a page, as a page save does), and prints Subjects per second for
// each tenth of N as the store grows; then the same data through one loadBulk, as a rebuild does.
//
//   node scripts/bench/sparql-load.mjs [N=5000]
//
// Stores: the embedded store (snapshot in a temporary directory) and, when STRATA_OXIGRAPH_URL is set,
// the Oxigraph server, whose data is cleared first: point it at a scratch server
// (scripts/stores/oxigraph.sh start).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSparqlStore } from '../../host-shim/stores/sparql-embedded.js';
import { HttpSparqlStore } from '../../host-shim/stores/sparql-http.js';

const SUBJECTS_PER_PAGE = 10;
const BASE = 'http://bench.test/';
const total = Number.parseInt(process.argv[2] ?? '5000', 10);
if (!Number.isInteger(total) || total < SUBJECTS_PER_PAGE * 10) {
  console.error(`usage: sparql-load.mjs N (N at least ${SUBJECTS_PER_PAGE * 10})`);
  process.exit(2);
}
const pages = Math.floor(total / SUBJECTS_PER_PAGE);

const graphOf = (page) => `${BASE}graph/native/page/${page}`;

// Twelve triples per Subject: type, label, eight Statements, a relation and its relation node's type.
function pageTrig(page) {
  const lines = [
    '@prefix s: <http://bench.test/entity/> .',
    '@prefix p: <http://bench.test/prop/> .',
    '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .',
    `<${graphOf(page)}> {`,
  ];
  for (let i = 0; i < SUBJECTS_PER_PAGE; i++) {
    const n = page * SUBJECTS_PER_PAGE + i;
    lines.push(`s:s${n} a <${BASE}schema/Person> ; <http://www.w3.org/2000/01/rdf-schema#label> "Person ${n}" ;`,
      `  p:name "Name ${n}" ; p:email "p${n}@example.org" ; p:age ${n % 97} ; p:height ${150 + (n % 50)}.5 ;`,
      `  p:active ${n % 2 === 0} ; p:born "19${String(n % 100).padStart(2, '0')}-01-01"^^xsd:date ;`,
      `  p:homepage <https://example.org/${n}> ; p:nick "n${n}"@en ; p:knows s:s${(n + 1) % total} .`,
      `<${BASE}relation/r${n}> a <${BASE}ontology/Relation> .`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

async function measure(name, store) {
  await store.clear();
  console.log(`\n${name}`);
  console.log('  Subjects loaded   Subjects/s (this tenth)   Subjects/s (so far)');
  const tenth = Math.ceil(pages / 10);
  const start = performance.now();
  let mark = start;
  for (let page = 0; page < pages; page++) {
    const answer = await store.replaceGraph(graphOf(page), pageTrig(page));
    if (!answer.ok) throw new Error(`${name}: page ${page}: ${answer.kind} ${answer.detail}`);
    if ((page + 1) % tenth === 0 || page + 1 === pages) {
      const now = performance.now();
      const subjects = (page + 1) * SUBJECTS_PER_PAGE;
      const interval = (((page + 1) % tenth || tenth) * SUBJECTS_PER_PAGE) / ((now - mark) / 1000);
      const overall = subjects / ((now - start) / 1000);
      console.log(`  ${String(subjects).padStart(15)}   ${interval.toFixed(0).padStart(23)}   ${overall.toFixed(0).padStart(19)}`);
      mark = now;
    }
  }
  await store.clear();
  const all = Array.from({ length: pages }, (_, page) => pageTrig(page)).join('');
  const bulkStart = performance.now();
  const answer = await store.loadBulk(all);
  if (!answer.ok) throw new Error(`${name}: bulk: ${answer.kind} ${answer.detail}`);
  const seconds = (performance.now() - bulkStart) / 1000;
  console.log(`  one loadBulk of all ${pages * SUBJECTS_PER_PAGE} Subjects: ${(pages * SUBJECTS_PER_PAGE / seconds).toFixed(0)} Subjects/s`);
  await store.clear();
  await store.close();
}

console.log(`${pages * SUBJECTS_PER_PAGE} Subjects, ${pages} pages, ${SUBJECTS_PER_PAGE} Subjects and about ${SUBJECTS_PER_PAGE * 12} triples a page`);
const directory = await mkdtemp(join(tmpdir(), 'strata-bench-sparql-'));
try {
  await measure('embedded (oxigraph npm, snapshot every 2 s)', await EmbeddedSparqlStore.open({ directory }));
} finally {
  await rm(directory, { recursive: true, force: true });
}
const url = process.env.STRATA_OXIGRAPH_URL;
if (url) {
  await measure(`Oxigraph server at ${url}`, new HttpSparqlStore({ url }));
} else {
  console.log('\nSTRATA_OXIGRAPH_URL is not set: the server was not measured (scripts/stores/oxigraph.sh start)');
}
