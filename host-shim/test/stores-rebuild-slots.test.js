// A rebuild hands each page's Subject slot to the core as the text it is stored as; the core
// splices it into the batch as JSON (and as a string when it is not JSON: the core's own tests in
// src/app/projection/rebuild_run_tests.rs). Here, through the reference host: a stored slot that is
// not JSON reads as a page without Subjects, and the run writes the others and succeeds. Any other
// refusal of the core fails the run with the core's code and message, and the store is stale.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NS_SCHEMA } from '../platform/pages/namespaces.js';
import { openStores } from '../platform/site-stores.js';
import { savePages } from '../platform/storage/page-writes.js';
import { loadCore } from '../src/loader.js';
import { sparqlDump } from '../test-support/store-dumps.js';
import { queueRun, storeState } from '../stores/runs.js';
import { openSite, quietLog } from '../test-support/site.js';

const author = { userId: null, name: 'Test' };
const page = (title, mainSlot, subjectSlot, namespace = 0) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot, subjectSlot });
const slot = (n) => JSON.stringify({ subjects: { [`s${String(n).padStart(14, '0')}`]: { schema: 'Note', label: `Note ${n}`, statements: {} } } });

/** A wiki of a Note Schema and a page for each of `slots`, and its stores. */
async function wikiWith(slots) {
  const site = openSite({ stores: { sparql: { type: 'oxigraph-embedded', directory: 'rdf' } } });
  const core = await loadCore();
  const stores = openStores({ db: site.db, config: site.config, core, log: quietLog, background: false, batchPages: 3 });
  savePages(site.db, [page('Note', JSON.stringify({ propertyDefinitions: {} }), null, NS_SCHEMA)], author, '2026-01-01T00:00:00Z');
  slots.forEach((text, n) => savePages(site.db, [page(`Page ${n + 1}`, '', text)], author, '2026-01-01T00:00:00Z'));
  const close = async () => {
    await stores.close();
    site.db.close();
  };
  return { site, stores, close };
}

test('a stored slot that is not JSON does not stop a rebuild', async () => {
  const { site, stores, close } = await wikiWith([slot(1), '{"subjects": {"s00000000000002": ', slot(3), slot(4)]);
  try {
    const done = await stores.rebuilds.process(queueRun(site.db, 'sparql', 'test').run);
    assert.equal(done.state, 'succeeded', done.error);
    assert.equal(done.processed, 4);
    assert.equal(storeState(site.db, 'sparql').state, 'in-sync');
    const labels = (await sparqlDump(stores, 'sparql')).map((quad) => quad.match(/"Note \d"/)?.[0]).filter(Boolean).sort();
    assert.deepEqual(labels, ['"Note 1"', '"Note 3"', '"Note 4"']);
  } finally {
    await close();
  }
});

test('a core error that is not about the slots fails the run with its code, and is not retried', async () => {
  const { site, stores, close } = await wikiWith([slot(1), slot(2), slot(3), slot(4)]);
  try {
    site.config.sourceKey = 'Not a key';
    const done = await stores.rebuilds.process(queueRun(site.db, 'sparql', 'test').run);
    assert.equal(done.state, 'failed');
    assert.match(done.error, /^the core refused the batch of pages \d+ to \d+: invalid-argument: sourceKey: /);
    assert.equal(storeState(site.db, 'sparql').state, 'never-built');
  } finally {
    await close();
  }
});
