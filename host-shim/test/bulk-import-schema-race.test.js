// The bulk import commits a batch only against the Schema revisions it was prepared with, as a save
// commits only against its `validatedAgainst` (platform/storage/page-writes.js): a Schema saved after
// a batch was prepared, before it was written (or created, when its pages named it while it did not
// exist), makes the batch be prepared again with the wiki's Schemas as they are then, so its index rows
// are the new Schema's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCore } from '../src/loader.js';
import { bulkImportPages, saveSchemas } from '../platform/bulk-import.js';
import { NS_SCHEMA } from '../platform/pages/namespaces.js';
import { savePages } from '../platform/storage/page-writes.js';
import { findPageByTitle } from '../platform/storage/pages.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();
const ADDRESS = { propertyDefinitions: { Street: { type: 'text' } } };
const SCHEMAS = { Holder: { propertyDefinitions: { Home: { type: 'relation', targetSchemas: ['Address'] } } }, Address: ADDRESS };
const HOLDER = 's1race000000001';
const HOME = 's1race000000002';
const PAGES = [
  { title: 'First', content: { mainSubject: 's1race000000000', subjects: { s1race000000000: { schema: 'Holder', label: 'first', statements: {} } } } },
  { title: 'Second', content: { mainSubject: HOLDER, subjects: {
    [HOLDER]: { schema: 'Holder', label: 'second', statements: { Home: { propertyType: 'relation', value: [{ target: HOME }] } } },
    [HOME]: { schema: 'Address', statements: {} },
  } } },
];

/** Another writer saves (or creates) the Address Schema (its storage write, as any save commits it). */
function saveAddress(db, schema) {
  const page = findPageByTitle(db, NS_SCHEMA, 'Address');
  const outcome = savePages(db, [{
    pageId: page?.pageId ?? null, namespace: NS_SCHEMA, title: 'Address', baseRevisionId: page?.latestRevisionId ?? null, createOnly: false,
    comment: 'meanwhile', contentModel: 'strata-schema', mainSlot: JSON.stringify(schema), subjectSlot: null, index: null,
  }], { userId: null, name: 'Other' }, '2026-01-02T00:00:00Z');
  assert.equal(outcome.ok, true);
}

test('a Schema saved between a batch\'s preparation and its write makes the batch be prepared again', async () => {
  const dependent = { ...ADDRESS, subjectsAreDependent: true };
  const cases = [
    { name: 'no Schema saved meanwhile', schemas: SCHEMAS, between: null, preparedAgain: 0, dependent: { is_dependent: 0, host_subject_id: null } },
    { name: 'Address made dependent meanwhile', schemas: SCHEMAS, between: dependent, preparedAgain: 1,
      dependent: { is_dependent: 1, host_subject_id: HOLDER } },
    { name: 'Address, absent when prepared, created meanwhile', schemas: { Holder: SCHEMAS.Holder }, between: dependent, preparedAgain: 1,
      dependent: { is_dependent: 1, host_subject_id: HOLDER } },
  ];
  for (const c of cases) {
    const site = openSite();
    try {
      await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, c.schemas);
      // Batches of one page: the second is prepared while the first is written, then written itself.
      const totals = await bulkImportPages({ db: site.db, config: site.config, core }, {
        pages: PAGES, batch: 1, onBatch: ({ pages }) => { if (pages === 1 && c.between) saveAddress(site.db, c.between); },
      });
      assert.deepEqual([totals.pages, totals.failed, totals.preparedAgain], [2, [], c.preparedAgain], c.name);
      const row = site.db.prepare('SELECT is_dependent, host_subject_id FROM subject_index WHERE subject_id = ?').get(HOME);
      assert.deepEqual({ ...row }, c.dependent, c.name);
    } finally {
      site.db.close();
    }
  }
});
