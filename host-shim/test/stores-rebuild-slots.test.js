// A rebuild sends each page's Subject slot to the core as the JSON text it is stored as. A stored
// slot that is not JSON makes that request unreadable: the batch is sent again with the slots as
// strings, the page reads as one without Subjects, and the run writes the others and succeeds.
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

test('a stored slot that is not JSON does not stop a rebuild', async () => {
  const site = openSite({ stores: { sparql: { type: 'oxigraph-embedded', directory: 'rdf' } } });
  const stores = openStores({ db: site.db, config: site.config, core: await loadCore(), log: quietLog, background: false, batchPages: 3 });
  try {
    const page = (title, mainSlot, subjectSlot, namespace = 0) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot, subjectSlot });
    savePages(site.db, [page('Note', JSON.stringify({ propertyDefinitions: {} }), null, NS_SCHEMA)], author, '2026-01-01T00:00:00Z');
    const slot = (n) => JSON.stringify({ subjects: { [`s${String(n).padStart(14, '0')}`]: { schema: 'Note', label: `Note ${n}`, statements: {} } } });
    const slots = [slot(1), '{"subjects": {"s00000000000002": ', slot(3), slot(4)];
    slots.forEach((text, n) => savePages(site.db, [page(`Page ${n + 1}`, '', text)], author, '2026-01-01T00:00:00Z'));
    const { run } = queueRun(site.db, 'sparql', 'test');
    const done = await stores.rebuilds.process(run);
    assert.equal(done.state, 'succeeded', done.error);
    assert.equal(done.processed, 4);
    assert.equal(storeState(site.db, 'sparql').state, 'in-sync');
    const labels = (await sparqlDump(stores, 'sparql')).map((quad) => quad.match(/"Note \d"/)?.[0]).filter(Boolean).sort();
    assert.deepEqual(labels, ['"Note 1"', '"Note 3"', '"Note 4"']);
  } finally {
    await stores.close();
    site.db.close();
  }
});
