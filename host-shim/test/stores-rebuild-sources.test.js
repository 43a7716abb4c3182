// A rebuild gives the store the saves built also when relations name Subjects of registered sources
// (docs/federation.md): a source that states its `rdfBaseUri` has its Subjects named by their own
// IRIs, one that states none under this wiki's base, in the saves' projection and in the rebuild's
// alike (the core's `RebuildRun` takes the sources from the settings). MediaWiki's twin:
// tests/mediawiki/test_mediawiki_rebuild_sources.py.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { FakeSources } from '../test-support/fake-sources.js';
import { sparqlDump } from '../test-support/store-dumps.js';
import { startStoresWiki } from '../test-support/stores-wiki.js';
import { queueRun } from '../stores/runs.js';

const ALPHA = 'alpha:s1per1aaaaaaa05';
const BETA = 'beta:s1per1aaaaaaa06';
let sources;
let wiki;

before(async () => {
  sources = await new FakeSources().start();
  wiki = await startStoresWiki({
    stores: { sparql: { type: 'oxigraph-embedded', directory: 'rdf' } },
    config: { sources: { alpha: sources.source('missing', { rdfBaseUri: 'https://alpha.example' }), beta: sources.source('missing') } },
  });
});

after(async () => {
  await wiki?.site.stop();
  wiki?.site.remove();
  await sources?.stop();
});

test('a rebuild names the Subjects of registered sources as the saves did', async () => {
  const { admin } = wiki.callers;
  const targetSchemas = ['Town', { source: 'alpha', name: 'Town' }, { source: 'beta', name: 'Town' }];
  const schema = { propertyDefinitions: { Twin: { type: 'relation', targetSchemas, multiple: true } } };
  const put = await admin.call('PUT', '/schema/Town', { schema });
  assert.ok(put.status < 300, JSON.stringify(put.body));
  const twins = (...targets) => ({ Twin: { propertyType: 'relation', value: targets.map((target) => ({ target })) } });
  const first = await admin.call('POST', '/subjects', { schema: 'Town', label: 'Ash', statements: twins(ALPHA, BETA) });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const second = await admin.call('POST', '/subjects', { schema: 'Town', label: 'Birch', statements: twins(first.body.subjectId, ALPHA) });
  assert.equal(second.status, 201, JSON.stringify(second.body));
  const saved = await sparqlDump(wiki.site.stores, 'sparql');
  const objects = saved.map((quad) => quad.split(' ')[3]);
  assert.ok(objects.includes('<https://alpha.example/entity/s1per1aaaaaaa05>'), saved.join('\n'));
  assert.ok(objects.some((o) => o.endsWith(`/entity/${BETA}>`)), saved.join('\n'));

  const done = await wiki.site.stores.rebuilds.process(queueRun(wiki.site.db, 'sparql', 'test').run);
  assert.equal(done.state, 'succeeded', done.error);
  assert.deepEqual(await sparqlDump(wiki.site.stores, 'sparql'), saved);
});
