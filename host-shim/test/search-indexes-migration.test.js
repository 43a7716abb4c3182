// Migration 9 makes the name and page list indexes hold both values a search tests, so a search walks
// those orders without reading the table, and lists a short search's trigrams from the vocabulary's
// instance table. A wiki made before it must come out of the upgrade with the new indexes and table,
// the walks using the indexes, and every search answering as before.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { loadCore } from '../src/loader.js';
import { migrate } from '../platform/db.js';
import { generatePages, GENERATED_SCHEMAS } from '../platform/generate.js';
import { MIGRATIONS } from '../platform/storage/migrations.js';
import { savePages } from '../platform/storage/page-writes.js';
import { listSubjects } from '../platform/storage/subject-lists.js';
import { tempDir } from '../test-support/site.js';

const core = await loadCore();
const BEFORE = 8;

function searchAnswers(db, options) {
  return ['Berger', 'an', 'e', 'Ü', 'Old Town', 's0gen000000001'].flatMap((search) => ['name', 'page', 'newest'].map((sort) => listSubjects(db, {
    sort, direction: 'asc', schema: null, search, after: null, limit: 20, includeDependent: false, timeoutMs: 60000,
  }, options).rows.map((row) => row.subjectId)));
}

function saveGeneratedPages(db) {
  const input = [...generatePages({ total: 40 })];
  const prepared = JSON.parse(core.preparePages(JSON.stringify(input), JSON.stringify(GENERATED_SCHEMAS), { sourceKey: 'local' })).pages;
  const saves = prepared.map((page, i) => ({
    pageId: null, namespace: 0, title: input[i].title, baseRevisionId: null, createOnly: true, comment: '',
    mainSlot: '', subjectSlot: page.subjectSlot, index: page.index,
  }));
  assert.equal(savePages(db, saves, { userId: null, name: 'Import' }, '2026-01-01T00:00:00Z').ok, true);
}

const schemaObjects = (db) => db.prepare(`SELECT type, name, sql FROM sqlite_schema
  WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`).all();

test('migration 9 upgrades the list indexes and vocabulary of an existing wiki', () => {
  const db = new Database(join(tempDir(), 'strata.sqlite'));
  MIGRATIONS.slice(0, BEFORE).forEach((sql, n) => {
    db.exec(sql);
    db.pragma(`user_version = ${n + 1}`);
  });
  saveGeneratedPages(db);
  migrate(db);

  // The reference: the same pages saved into a wiki created at the current version.
  const fresh = new Database(join(tempDir(), 'strata.sqlite'));
  migrate(fresh);
  saveGeneratedPages(fresh);
  assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  assert.deepEqual(schemaObjects(db), schemaObjects(fresh));
  const columns = (index) => db.pragma(`index_info(${index})`).map((column) => column.name);
  assert.deepEqual(columns('list_name'), ['display_name', 'subject_id', 'page_title']);
  assert.deepEqual(columns('list_page'), ['page_title', 'subject_id', 'display_name']);
  const vocabularies = db.prepare("SELECT name FROM sqlite_schema WHERE sql LIKE '%fts5vocab%'").pluck().all();
  assert.deepEqual(vocabularies, ['subject_search_instances']);
  for (const [order, index] of [['s.display_name COLLATE NOCASE', 'list_name'], ['s.page_title', 'list_page']]) {
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT s.row_id, s.subject_id, s.display_name, s.page_title FROM subject_index s
      WHERE s.is_dependent = 0 ORDER BY ${order}, s.subject_id LIMIT 10`).all().map((step) => step.detail).join('; ');
    assert.match(plan, new RegExp(`USING COVERING INDEX ${index}\\b`), plan);
  }
  const expected = searchAnswers(fresh, { windowRows: 0, candidateCap: 100000 });
  assert.ok(expected.flat().length > 100, 'the searches match rows');
  assert.deepEqual(searchAnswers(db, { windowRows: 0, candidateCap: 100000 }), expected);
  assert.deepEqual(searchAnswers(db, { windowRows: 1, candidateCap: 0 }), expected);
  assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  db.close();
  fresh.close();
});
