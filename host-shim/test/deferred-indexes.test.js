// A bulk import into an empty wiki builds the Subject index tables' indexes, trigram rows and counts
// after the load (storage/deferred-indexes.js); the wiki it leaves must be the one row-by-row upkeep
// leaves: the same schema objects, the same search rows, the same counts. An import that stops
// half-way leaves the build to the next open; a wiki with Subjects keeps its indexes during an import.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadCore } from '../src/loader.js';
import { bulkImportPages, saveSchemas } from '../platform/bulk-import.js';
import { openDatabase } from '../platform/db.js';
import { deferIndexes } from '../platform/storage/deferred-indexes.js';
import { savePages } from '../platform/storage/page-writes.js';
import { generatePages, GENERATED_SCHEMAS } from '../platform/generate.js';
import { listSubjects, subjectCounts } from '../platform/storage/subject-lists.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();
const PAGES = 30;

const schemaObjects = (db) => db.prepare(`SELECT type, name, sql FROM sqlite_schema
  WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`).all();
const search = (db, text) => listSubjects(db, {
  sort: 'name', direction: 'asc', schema: null, search: text, after: null, limit: 50, includeDependent: false, timeoutMs: 60000,
}).rows.map((row) => row.subjectId);
const searchRows = (db) => db.prepare('SELECT COUNT(*) FROM subject_search').pluck().get();

async function importInto(site, pages, { deferred }) {
  const host = { db: site.db, config: site.config, core, log: quietLog };
  await saveSchemas(host, GENERATED_SCHEMAS);
  const run = () => bulkImportPages(host, { pages, batch: 7 });
  if (deferred) return run();
  // The reference: one Subject page saved first, so the import keeps every index row by row.
  const [first, ...rest] = pages;
  await bulkImportPages(host, { pages: [first] });
  assert.equal(deferIndexes(site.db), false, 'a wiki with Subjects keeps its indexes');
  return bulkImportPages(host, { pages: rest, batch: 7 });
}

describe('index upkeep deferred over a bulk import', () => {
  test('an import into an empty wiki ends with the indexes, search rows and counts of row-by-row upkeep', async () => {
    const pages = [...generatePages({ total: PAGES })];
    const deferred = openSite();
    const kept = openSite();
    await importInto(deferred, pages, { deferred: true });
    await importInto(kept, pages, { deferred: false });
    assert.equal(deferred.db.prepare('SELECT COUNT(*) FROM deferred_index').pluck().get(), 0);
    assert.deepEqual(schemaObjects(deferred.db), schemaObjects(kept.db));
    assert.equal(searchRows(deferred.db), PAGES * 10);
    assert.equal(searchRows(deferred.db), searchRows(kept.db));
    assert.deepEqual(subjectCounts(deferred.db), subjectCounts(kept.db));
    for (const text of ['Berger', 'an', 'e', 's0gen00000000', 'Vienna Old']) {
      assert.deepEqual(search(deferred.db, text), search(kept.db, text), text);
    }
    assert.ok(search(deferred.db, 'Berger').length > 0, 'the comparison is not of two empty answers');
    deferred.db.close();
    kept.db.close();
  });

  test('an import that stopped before building its indexes has them built when the wiki is next opened', async () => {
    const site = openSite();
    const before = schemaObjects(site.db);
    assert.equal(deferIndexes(site.db), true);
    assert.ok(schemaObjects(site.db).length < before.length, 'the import dropped indexes');
    // A first batch written while the indexes are deferred, as the import writes it; then the process ends.
    await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, GENERATED_SCHEMAS);
    const input = [...generatePages({ total: 5 })];
    const prepared = JSON.parse(core.preparePages(JSON.stringify(input), JSON.stringify(GENERATED_SCHEMAS), { sourceKey: site.config.sourceKey })).pages;
    const saves = prepared.map((page, i) => ({
      pageId: null, namespace: 0, title: input[i].title, baseRevisionId: null, createOnly: true, comment: '',
      mainSlot: '', subjectSlot: page.subjectSlot, index: page.index,
    }));
    assert.equal(savePages(site.db, saves, { userId: null, name: 'Import' }, '2026-01-01T00:00:00Z').ok, true);
    assert.equal(searchRows(site.db), 0);
    site.db.close();

    const reopened = openDatabase(site.dataDir);
    assert.deepEqual(schemaObjects(reopened), before);
    assert.equal(searchRows(reopened), 50);
    assert.equal(subjectCounts(reopened).counts.reduce((sum, { count }) => sum + count, 0), 50);
    reopened.close();
  });
});
