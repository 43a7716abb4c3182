// Every benchmark still runs: each script of scripts/bench/ and each Rust bench, at the smallest size,
// must exit 0 and print its figure lines. The figures themselves are not checked (benchmarks assert
// nothing). Stores come from the test run's environment (scripts/stores/start-all.sh); a script that
// needs a missing store is skipped with the reason. MediaWiki is not started here: `hosts.mjs` runs
// its reference-host half (the MediaWiki half runs in `make bench`), and `mediawiki-peers.mjs` runs in
// scripts/test-mediawiki.sh against that stage's wiki.
// Last, `summary.mjs` reads the table back from what the runs printed, so a changed figure
// line that the summary no longer finds fails here too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { rows } from '../../scripts/bench/summary.mjs';
import { storeUrls } from '../test-support/stores-wiki.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, 'scripts/bench');
const { falkordb, skip: storesMissing } = storeUrls();
const out = mkdtempSync(join(tmpdir(), 'strata-bench-smoke-'));
const printed = [];
process.once('exit', () => rmSync(out, { recursive: true, force: true }));

// Modules the scripts import; they run through the scripts that use them.
const MODULES = ['example-subjects.mjs', 'http-client.mjs', 'list-endpoints.mjs', 'load.mjs', 'mediawiki-wiki.mjs', 'summary.mjs'];
const NEEDS_MEDIAWIKI_MILLION = 'needs a MariaDB MediaWiki: its import runs at 200 Subjects in tests/mediawiki/test_mediawiki_bulk_import.py';
// Script → [command, arguments, the line its figures start with, skip reason or false].
const RUNS = {
  'dump-rdf.mjs': ['node', ['100'], /^dump-rdf 100 Subjects: /m, false],
  'generated-wiki.mjs': ['node', [join(out, 'generated'), '20'], /^\{"title":".+","content":\{"mainSubject":"s0gen0000000000"/m, false],
  'hosts.mjs': ['node', ['5', '1', '1'], /^hosts PUT \/subject\/\{id\} +c=8 reference host/m, false, { STRATA_BENCH_MEDIAWIKI_DBS: '' }],
  'http.mjs': ['node', ['5', '1'], /^http PUT \/subject\/\{id\} +c=8 .*CPU\/request: server/m, false, { STRATA_BENCH_HTTP_ONLY: 'c=8' }],
  'mediawiki-peers.mjs': ['node', ['3', '1', '1'], /^mediawiki-peers .*PUT \/subject\/\{id\} c=8/m, 'needs a MediaWiki: scripts/test-mediawiki.sh runs it against its wiki'],
  'mediawiki-lists.mjs': ['node', [], /^mediawiki lists /m, NEEDS_MEDIAWIKI_MILLION],
  'mediawiki-million.sh': ['bash', [], /^== every list endpoint/m, NEEDS_MEDIAWIKI_MILLION],
  'lists.mjs': ['node', ['100'], /^lists 100: subjects newest +p50/m, false, { LISTS_ONLY: '^subjects newest$' }],
  'query-memory.mjs': ['node', ['1', '1', '1000', '2'], /^query-memory GET \/schemas during an expensive SPARQL join: 200/m, falkordb ? false : storesMissing],
  'rebuild.mjs': ['node', ['100'], /Subjects\/s/, false],
  'sparql-load.mjs': ['node', ['100'], /Subjects\/s/, false],
  'validate-php.php': ['php', ['examples/wiki', '1', '1'], /^php per request/m, false],
  'validate-vs-ajv.mjs': ['node', ['examples/wiki', '1', '1'], /ajv/, false],
  'validate-wasm.mjs': ['node', ['examples/wiki', '1'], /^validate wasm \(/m, false],
};
const RUST_BENCHES = { validate: ['examples/wiki', '1'], rdf_dump: ['100'], project_store: ['1'] };

const run = (command, args, env = {}) => promisify(execFile)(command, args, {
  cwd: ROOT, env: { ...process.env, STRATA_BENCH_OUT: out, ...env }, maxBuffer: 16 << 20,
});

test('every file of scripts/bench/ is a module or has a smoke run here', () => {
  assert.deepEqual(readdirSync(BENCH).sort(), [...MODULES, ...Object.keys(RUNS)].sort());
});

for (const [script, [command, args, figures, skip, env]] of Object.entries(RUNS)) {
  test(`scripts/bench/${script} runs at its smallest size`, { skip }, async () => {
    const { stdout } = await run(command, [join(BENCH, script), ...args], env);
    assert.match(stdout, figures);
    printed.push(stdout);
  });
}

test('summary.mjs finds the figures of the runs above', async () => {
  const log = join(out, 'bench.log');
  writeFileSync(log, printed.join('\n'));
  const { stdout } = await run('node', [join(BENCH, 'summary.mjs'), log]);
  assert.match(stdout, /^measure +\| Strata +\| peer +\| goal +\| met$/m);
  const measured = new Map(rows(printed.join('\n')).map(([measure, strata]) => [measure.replace(/ \(.*| at .*/, ''), strata]));
  const expected = ['validation through wasm, JSON text', 'validation through wasm, JS objects', 'bulk import', 'lists'];
  if (falkordb) expected.push('PUT /subject/{id}, both stores, c=8', 'rebuild into FalkorDB');
  for (const measure of expected) assert.doesNotMatch(measured.get(measure) ?? 'absent', /not measured|absent/, measure);
});

test('benches/*.rs build and run at their smallest size', async () => {
  const benches = readdirSync(join(ROOT, 'benches')).map((f) => f.replace(/\.rs$/, '')).sort();
  assert.deepEqual(benches, Object.keys(RUST_BENCHES).sort());
  for (const [bench, args] of Object.entries(RUST_BENCHES)) {
    const { stdout } = await run('cargo', ['test', '-q', '--bench', bench, '--', ...args]);
    assert.match(stdout, /\/s/, `${bench} printed a rate`);
  }
});
