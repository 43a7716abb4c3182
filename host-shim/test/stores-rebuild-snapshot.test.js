// A rebuild of the embedded SPARQL store takes no snapshot while it writes its batches and writes one
// at its end, before the store is marked in-sync: a crash after the run cannot leave an in-sync store
// whose snapshot lacks the rebuild. (The snapshot delay is ten minutes here, so only the rebuild can
// have written the file.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openStores } from '../platform/site-stores.js';
import { savePages } from '../platform/storage/page-writes.js';
import { NS_SCHEMA } from '../platform/pages/namespaces.js';
import { loadCore } from '../src/loader.js';
import { queueRun, storeState } from '../stores/runs.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();
const author = { userId: null, name: 'Test' };

test('a rebuild writes the snapshot once, at its end, before the store is in-sync', async () => {
  const site = openSite({ stores: { sparql: { type: 'oxigraph-embedded', directory: 'rdf', snapshotDelayMs: 600_000 } } });
  const stores = openStores({ db: site.db, config: site.config, core, log: quietLog, background: false, batchPages: 2 });
  try {
    const page = (title, mainSlot, subjectSlot, namespace = 0) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot, subjectSlot });
    savePages(site.db, [page('Note', JSON.stringify({ propertyDefinitions: {} }), null, NS_SCHEMA)], author, '2026-01-01T00:00:00Z');
    for (let n = 1; n <= 5; n += 1) {
      const id = `s${String(n).padStart(14, '0')}`;
      savePages(site.db, [page(`Page ${n}`, '', JSON.stringify({ mainSubject: id, subjects: { [id]: { schema: 'Note', label: `Note ${n}`, statements: {} } } }))], author, '2026-01-01T00:00:00Z');
    }
    const snapshot = join(site.dataDir, 'rdf', 'sparql-store.nq');
    const seen = [];
    const { run } = queueRun(site.db, 'sparql', 'test');
    const done = await stores.rebuilds.process(run, { onProgress: ({ processed }) => seen.push([processed, existsSync(snapshot)]) });
    assert.equal(done.state, 'succeeded');
    assert.deepEqual(seen, [[2, false], [4, false], [5, false]], 'no snapshot between batches');
    assert.equal(storeState(site.db, 'sparql').state, 'in-sync');
    const labels = readFileSync(snapshot, 'utf8').match(/"Note \d"/g).sort();
    assert.deepEqual(labels, ['"Note 1"', '"Note 2"', '"Note 3"', '"Note 4"', '"Note 5"']);
  } finally {
    await stores.close();
    site.db.close();
  }
});
