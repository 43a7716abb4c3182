// The bulk path feeds no store, so it must leave every configured store marked stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from '../src/loader.js';
import { bulkImportPages, saveSchemas } from '../platform/bulk-import.js';
import { storeEvent, storeState } from '../stores/runs.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();
const SCHEMAS = { Note: { propertyDefinitions: { Text: { type: 'text' } } } };

test('a bulk import marks built stores stale and leaves never-built ones never-built', async () => {
  const site = openSite({ stores: { built: { type: 'oxigraph-embedded', directory: 'a' }, fresh: { type: 'oxigraph-embedded', directory: 'b' } } });
  try {
    await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, SCHEMAS);
    storeEvent(site.db, 'built', { event: 'built', marker: null });
    const page = { title: 'Bulk note', content: { mainSubject: 's1bulk000000001', subjects: { s1bulk000000001: { schema: 'Note', label: 'n', statements: {} } } } };
    const totals = await bulkImportPages({ db: site.db, config: site.config, core }, { pages: [page] });
    assert.equal(totals.pages, 1);
    assert.equal(storeState(site.db, 'built').state, 'stale');
    assert.equal(storeState(site.db, 'fresh').state, 'never-built');
  } finally {
    site.db.close();
  }
});
