import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { migrate } from '../platform/db.js';
import { MIGRATIONS } from '../platform/storage/migrations.js';
import { deletePage, savePages } from '../platform/storage/page-writes.js';
import { findPageById, findPageByTitle, findRevision, findSubjects } from '../platform/storage/pages.js';
import { openSite } from '../test-support/site.js';

const author = { userId: null, name: 'Tester' };
const subject = (subjectId, extra = {}) => ({
  subjectId, schema: 'Person', label: subjectId, displayName: subjectId, displayNameIsGenerated: false,
  isMain: false, isDependent: false, hostSubjectId: null, position: 0, ...extra,
});
const newPage = (title, extra = {}) => ({
  pageId: null, namespace: 0, title, baseRevisionId: null, createOnly: false, comment: 'create',
  contentModel: 'wikitext', mainSlot: `text of ${title}`, subjectSlot: null, index: null, ...extra,
});

let db;
beforeEach(() => {
  db?.close();
  ({ db } = openSite());
});
after(() => db.close());

const count = (table) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

describe('savePages', () => {
  test('commits only while every Schema of validatedAgainst is still as the core read it', () => {
    const schema = savePages(db, [newPage('Box', { namespace: 7474 })], author, '2026-01-01T00:00:00Z').results[0];
    const at = (title, revisionId) => ({ namespace: 7474, title, revisionId });
    const cases = [
      ['at the revision read', [at('Box', schema.revisionId)], true],
      ['another revision', [at('Box', schema.revisionId - 1)], false],
      ['absent when read, exists now', [at('Box', null)], false],
      ['still absent', [at('Nothing', null)], true],
      ['one of two changed', [at('Nothing', null), at('Box', schema.revisionId + 1)], false],
    ];
    for (const [name, validatedAgainst, saved] of cases) {
      const title = `Page ${name}`;
      const outcome = savePages(db, [newPage(title)], author, '2026-01-02T00:00:00Z', [], validatedAgainst);
      assert.equal(outcome.ok, saved, name);
      if (!saved) assert.deepEqual(outcome, { ok: false, conflict: 'edit-conflict', index: undefined }, name);
      assert.equal(findPageByTitle(db, 0, title) !== null, saved, `${name}: written`);
    }
  });

  test('a failing second save in a batch leaves nothing behind', () => {
    savePages(db, [newPage('Taken')], author, '2026-01-01T00:00:00Z');
    const before = { page: count('page'), revision: count('revision'), subject_index: count('subject_index') };

    const outcome = savePages(db, [
      newPage('Fresh', { index: { subjects: [subject('s1aaaaaaaaaaaaa')], relations: [], changedSubjectIds: ['s1aaaaaaaaaaaaa'] } }),
      newPage('Taken'),
    ], author, '2026-01-02T00:00:00Z');

    assert.deepEqual(outcome, { ok: false, conflict: 'title-exists', index: 1 });
    assert.equal(findPageByTitle(db, 0, 'Fresh'), null);
    assert.deepEqual({ page: count('page'), revision: count('revision'), subject_index: count('subject_index') }, before);
    assert.equal(count('revision_subject'), 0);
  });

  test('a malformed save throws and rolls back the saves before it', () => {
    assert.throws(() => savePages(db, [newPage('Good'), newPage('Bad|title')], author, '2026-01-01T00:00:00Z'), /invalid title/);
    assert.equal(findPageByTitle(db, 0, 'Good'), null);
  });

  test('base revisions: null needs a free title, a stale base is an edit conflict', () => {
    const created = savePages(db, [newPage('Page')], author, '2026-01-01T00:00:00Z');
    assert.equal(created.ok, true);
    const [{ pageId, revisionId }] = created.results;

    assert.deepEqual(savePages(db, [newPage('page')], author, 'x'), { ok: false, conflict: 'title-exists', index: 0 });
    const second = savePages(db, [newPage('Page', { pageId, baseRevisionId: revisionId, mainSlot: 'v2' })], author, '2026-01-02T00:00:00Z');
    assert.equal(second.ok, true);
    assert.deepEqual(
      savePages(db, [newPage('Page', { pageId, baseRevisionId: revisionId, mainSlot: 'v3' })], author, '2026-01-03T00:00:00Z'),
      { ok: false, conflict: 'edit-conflict', index: 0 },
    );
    assert.equal(findPageById(db, pageId).mainSlot, 'v2');
    assert.deepEqual(
      savePages(db, [newPage('Page', { pageId, baseRevisionId: second.results[0].revisionId, createOnly: true })], author, 'x'),
      { ok: false, conflict: 'title-exists', index: 0 },
    );
  });

  test('a null slot keeps the previous revision\'s slot', () => {
    const [{ pageId, revisionId }] = savePages(db, [newPage('Slots', { mainSlot: 'main text', subjectSlot: '{"subjects":{}}' })], author, '2026-01-01T00:00:00Z').results;
    const [next] = savePages(db, [newPage('Slots', { pageId, baseRevisionId: revisionId, mainSlot: null, subjectSlot: '{"mainSubject":null}' })], author, '2026-01-02T00:00:00Z').results;
    const [last] = savePages(db, [newPage('Slots', { pageId, baseRevisionId: next.revisionId, mainSlot: 'new main', subjectSlot: null })], author, '2026-01-03T00:00:00Z').results;

    assert.deepEqual(
      [findRevision(db, next.revisionId).mainSlot, findRevision(db, next.revisionId).subjectSlot],
      ['main text', '{"mainSubject":null}'],
    );
    assert.deepEqual([findRevision(db, last.revisionId).mainSlot, findRevision(db, last.revisionId).subjectSlot], ['new main', '{"mainSubject":null}']);
    assert.equal(findRevision(db, last.revisionId).parentRevisionId, next.revisionId);
  });

  test('the index is replaced, created_at survives saves and moves, edited_at follows changes', () => {
    const a = 's1aaaaaaaaaaaaa';
    const b = 's1bbbbbbbbbbbbb';
    const c = 's1ccccccccccccc';
    const first = savePages(db, [newPage('Holder', {
      index: {
        subjects: [subject(a, { isMain: true }), subject(b, { position: 1 })],
        relations: [{ sourceId: a, relationId: 'r1aaaaaaaaaaaaa', property: 'Knows', targetId: b }],
        changedSubjectIds: [a, b],
      },
    })], author, '2026-01-01T00:00:00Z').results[0];

    savePages(db, [newPage('Holder', {
      pageId: first.pageId, baseRevisionId: first.revisionId,
      index: { subjects: [subject(a, { label: 'Renamed', isMain: true }), subject(c, { position: 1 })], relations: [], changedSubjectIds: [a, c] },
    })], author, '2026-02-01T00:00:00Z');

    const rows = db.prepare('SELECT subject_id, label, created_at, edited_at FROM subject_index ORDER BY subject_id').all();
    assert.deepEqual(rows, [
      { subject_id: a, label: 'Renamed', created_at: '2026-01-01T00:00:00Z', edited_at: '2026-02-01T00:00:00Z' },
      { subject_id: c, label: c, created_at: '2026-02-01T00:00:00Z', edited_at: '2026-02-01T00:00:00Z' },
    ]);
    assert.equal(count('relation_index'), 0);
    assert.deepEqual(findSubjects(db, [a, b, c]), {
      [a]: { pageId: first.pageId, schema: 'Person', namespace: 0, title: 'Holder' },
      [c]: { pageId: first.pageId, schema: 'Person', namespace: 0, title: 'Holder' },
    });

    // Moving `c` to another page in a later batch keeps its age but records the edit.
    const holder = findPageById(db, first.pageId);
    const moved = savePages(db, [
      newPage('Other', { index: { subjects: [subject(c, { schema: { source: 'remote', name: 'Person' } })], relations: [], changedSubjectIds: [c] } }),
      newPage('Holder', { pageId: holder.pageId, baseRevisionId: holder.latestRevisionId, index: { subjects: [subject(a)], relations: [], changedSubjectIds: [] } }),
    ], author, '2026-03-01T00:00:00Z');
    assert.equal(moved.ok, true);
    const row = db.prepare('SELECT page_id, created_at, edited_at FROM subject_index WHERE subject_id = ?').get(c);
    assert.deepEqual(row, { page_id: moved.results[0].pageId, created_at: '2026-02-01T00:00:00Z', edited_at: '2026-03-01T00:00:00Z' });
    assert.deepEqual(findSubjects(db, [c])[c].schema, { source: 'remote', name: 'Person' });
    const changes = db.prepare('SELECT revision_id, subject_id FROM revision_subject WHERE subject_id = ? ORDER BY revision_id').all(c);
    assert.equal(changes.length, 2);
    assert.equal(changes[1].revision_id, moved.results[0].revisionId);
  });

  test('an absent index leaves the page\'s index rows as they are', () => {
    const a = 's1aaaaaaaaaaaaa';
    const [saved] = savePages(db, [newPage('Kept', { index: { subjects: [subject(a)], relations: [], changedSubjectIds: [a] } })], author, '2026-01-01T00:00:00Z').results;
    savePages(db, [newPage('Kept', { pageId: saved.pageId, baseRevisionId: saved.revisionId, mainSlot: 'only text', index: null })], author, '2026-01-02T00:00:00Z');
    assert.equal(count('subject_index'), 1);
  });
});

describe('deletePage', () => {
  test('archives the page, hides its revisions, drops its index rows and keeps the data', () => {
    const a = 's1aaaaaaaaaaaaa';
    const [saved] = savePages(db, [newPage('Doomed', {
      index: { subjects: [subject(a)], relations: [{ sourceId: a, relationId: 'r1aaaaaaaaaaaaa', property: 'P', targetId: a }], changedSubjectIds: [a] },
    })], author, '2026-01-01T00:00:00Z').results;

    assert.deepEqual(deletePage(db, { pageId: saved.pageId, baseRevisionId: saved.revisionId + 1, comment: 'no' }, author, 'x'), { ok: false, conflict: 'edit-conflict' });
    const outcome = deletePage(db, { pageId: saved.pageId, baseRevisionId: saved.revisionId, comment: 'spam' }, author, '2026-01-02T00:00:00Z');

    assert.equal(outcome.ok, true);
    assert.equal(findPageById(db, saved.pageId), null);
    assert.equal(findRevision(db, saved.revisionId), null);
    assert.deepEqual([count('subject_index'), count('relation_index'), count('revision_subject')], [0, 0, 0]);
    assert.equal(count('revision'), 1, 'the revision stays stored');
    assert.deepEqual(db.prepare('SELECT title, reason, deleted_by FROM archived_page').get(), { title: 'Doomed', reason: 'spam', deleted_by: 'Tester' });
    assert.deepEqual(deletePage(db, { pageId: saved.pageId }, author, 'x'), { ok: false, conflict: 'missing' });

    const again = savePages(db, [newPage('Doomed')], author, '2026-01-03T00:00:00Z');
    assert.ok(again.results[0].pageId > saved.pageId, 'page ids are never reused');
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  });
});

test('the schema is migrated once, with the durability pragmas on', () => {
  assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  migrate(db);
  assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('synchronous', { simple: true }), 2, 'FULL');
  assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
});
