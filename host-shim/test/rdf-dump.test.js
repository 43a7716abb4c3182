// `strata dump-rdf`: the whole wiki as one TriG document, parsed back with Oxigraph and compared with
// the page exports it must equal; progress on stderr; unknown projections refused.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { dumpRdf } from '../platform/rdf/dump.js';
import { loadCore } from '../src/loader.js';
import { BASE, quadSet, startRdfWiki } from '../test-support/rdf-wiki.js';

const CLI = fileURLToPath(new URL('../bin/strata.js', import.meta.url));
let wiki;
let configFile;

before(async () => {
  wiki = await startRdfWiki();
  configFile = join(wiki.site.dataDir, 'dump.json');
  writeFileSync(configFile, JSON.stringify({ dataDir: wiki.site.dataDir, rdfBaseUri: BASE }));
});
after(async () => {
  await wiki.site.stop();
  wiki.site.remove();
});

async function dump(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'dump-rdf', ...args, '--config', configFile], { maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

/** The union of every page's export in one projection. */
async function pageExports(projection) {
  const ids = wiki.site.db.prepare('SELECT id FROM page ORDER BY id').pluck().all();
  const all = [];
  for (const id of ids) {
    const response = await fetch(`${wiki.site.url}/rest.php/strata/v0/page/${id}/rdf?format=trig&projection=${projection}`);
    all.push(...quadSet(await response.text(), 'application/trig'));
  }
  return { ids, quads: [...new Set(all)].sort() };
}

test('the native dump holds every page\'s graph, prefixes declared once', async () => {
  const { code, stdout, stderr } = await dump();
  assert.equal(code, 0, stderr);
  const { ids, quads } = await pageExports('native');
  assert.equal(ids.length, 5, 'two Schemas, a Mapping, two Subject pages');
  assert.deepEqual(quadSet(stdout, 'application/trig'), quads);
  const graphs = new Set(quads.map((q) => q.match(/<([^>]+)> \.$/)[1]));
  assert.deepEqual([...graphs].sort(), ids.map((id) => `${BASE}/graph/native/page/${id}`).sort(), 'one named graph per page');
  assert.equal(stdout.match(/^@prefix strata: /gm).length, 1);
  assert.match(stderr, /\] 5\/5 pages, \d+ pages\/s\n$/);
});

test('--projection picks an ontology projection; an unknown one is refused before any output', async () => {
  const { code, stdout } = await dump('--projection=schemaorg');
  assert.equal(code, 0);
  const { quads } = await pageExports('schemaorg');
  assert.ok(quads.length > 0);
  assert.deepEqual(quadSet(stdout, 'application/trig'), quads);
  const unknown = await dump('--projection', 'wikidata');
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, '');
  assert.match(unknown.stderr, /unknown projection "wikidata" \(known: native, schemaorg\)/);
});

test('the dump waits for a slow reader to drain, and reports progress', async () => {
  const chunks = [];
  const out = new Writable({ highWaterMark: 16, write(chunk, _encoding, done) { chunks.push(chunk); setTimeout(done, 20); } });
  const seen = [];
  const progress = (total) => ({ update: (done) => seen.push([done, total]), finish: (done) => seen.push(['finished', done, total]) });
  const { pages } = await dumpRdf({ db: wiki.site.db, config: wiki.site.config, core: await loadCore() }, { out, progress });
  assert.equal(out.writableLength, 0, 'everything was taken by the reader before the dump resolved');
  assert.equal(pages, 5);
  assert.deepEqual(seen, [[5, 5], ['finished', 5, 5]]);
  assert.deepEqual(quadSet(Buffer.concat(chunks).toString('utf8'), 'application/trig'), (await pageExports('native')).quads);
});
