import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { makeBridge } from '../src/bridge.js';
import { loadCore } from '../src/loader.js';
import { anonymousCaller } from '../platform/auth/caller.js';
import { makeHostOps } from '../platform/ops.js';
import { savePages } from '../platform/storage/page-writes.js';
import { openSite, quietLog } from '../test-support/site.js';

const { db, config } = openSite({ readRestrictions: { pages: { Hidden: ['sysop'] } } });
after(() => db.close());
const anonymous = anonymousCaller(config, '10.0.0.7');
const editor = { ...anonymous, userId: 3, name: 'Ed', anonymous: false, groups: ['*', 'user'] };
const ops = (caller) => makeHostOps({ db, config, caller, log: quietLog });
const row = (subjectId, extra) => ({ subjectId, schema: 'City', label: null, displayName: 'City', displayNameIsGenerated: true, isMain: false, isDependent: false, hostSubjectId: null, position: 0, ...extra });

const saved = savePages(db, [
  { namespace: 0, title: 'Open', baseRevisionId: null, mainSlot: '', subjectSlot: '{}', index: { subjects: [row('s1open000000000')], relations: [], changedSubjectIds: [] } },
  { namespace: 0, title: 'Hidden', baseRevisionId: null, mainSlot: '', subjectSlot: '{}', index: { subjects: [row('s1hidden0000000')], relations: [], changedSubjectIds: [] } },
  { namespace: 7478, title: 'City to schema.org', baseRevisionId: null, mainSlot: '{}' },
], { userId: null, name: 'seed' }, '2026-01-01T00:00:00Z').results;

test('subjectsInfo reports readability per caller and skips unknown ids', () => {
  assert.deepEqual(ops(anonymous).subjectsInfo({ ids: ['s1open000000000', 's1hidden0000000', 's1nothere000000'] }), {
    s1open000000000: { pageId: saved[0].pageId, schema: 'City', readable: true },
    s1hidden0000000: { pageId: saved[1].pageId, schema: 'City', readable: false },
  });
});

test('access facts are the platform\'s: a Mapping page is editable without strata-mapping-edit, which the core checks', () => {
  assert.deepEqual(ops(editor).pageById({ pageId: saved[2].pageId }).access, { read: true, edit: true });
  assert.deepEqual(ops(anonymous).pageById({ pageId: saved[2].pageId }).access, { read: true, edit: true });
  assert.deepEqual(ops(editor).canCreate({ namespace: 7478, title: 'Person_to_FOAF' }), { allowed: true, exists: false, readable: true });
  assert.deepEqual(ops(editor).canCreate({ namespace: 7478, title: 'city to schema.org' }), { allowed: true, exists: true, readable: true });
  assert.deepEqual(ops(editor).canCreate({ namespace: 0, title: 'Bad]title' }), { allowed: false, exists: false, readable: false });
  assert.deepEqual(ops(editor).pageByTitle({ namespace: 8, title: 'Strata.json' }), null);
  assert.deepEqual(ops(editor).canCreate({ namespace: 8, title: 'Strata.json' }), { allowed: false, exists: false, readable: true });
});

test('revision records carry the access facts of their page', () => {
  const revision = ops(anonymous).revision({ revisionId: saved[1].revisionId });
  assert.equal(revision.title, 'Hidden');
  assert.equal(revision.user, 'seed');
  assert.deepEqual(revision.access, { read: false, edit: false });
  assert.equal(ops(anonymous).revision({ revisionId: 9999 }), null);
  assert.equal(ops(anonymous).pageById({ pageId: 9999 }), null);
  assert.equal(ops(anonymous).pageByTitle({ namespace: 0, title: 'Bad|title' }), null);
});

test('saves through the bridge are recorded under the caller; anonymous ones under the IP', async () => {
  const bridge = makeBridge(ops(anonymous));
  const answer = JSON.parse(await bridge.call('savePages', JSON.stringify({ saves: [{ namespace: 0, title: 'Via bridge', baseRevisionId: null, mainSlot: 'x' }] })));
  assert.equal(answer.ok, true);
  assert.equal(db.prepare('SELECT user_name FROM revision WHERE id = ?').pluck().get(answer.results[0].revisionId), '10.0.0.7');
  await assert.rejects(bridge.call('savePages', JSON.stringify({ saves: [{ namespace: 99, title: 'X', baseRevisionId: null }] })), /host operation "savePages" failed: invalid title "X": unknown namespace 99/);
  const { timestamp } = JSON.parse(await bridge.call('now', '{}'));
  assert.ok(Math.abs(Date.parse(timestamp) - Date.now()) < 5000);
  assert.equal(await bridge.call('log', JSON.stringify({ level: 'info', message: 'hi' })), 'null');
});

test('listPages walks a namespace in title order after a cursor and within a prefix, with access facts', () => {
  savePages(db, ['Beta', 'Alpha', 'Alphabet', 'Gamma'].map((title) => (
    { namespace: 7476, title, baseRevisionId: null, mainSlot: '{}' })), { userId: null, name: 'seed' }, '2026-01-01T00:00:00Z');
  const titles = (query) => ops(anonymous).listPages({ namespace: 7476, after: null, prefix: null, limit: 10, ...query }).pages.map((p) => p.title);
  assert.deepEqual(titles({}), ['Alpha', 'Alphabet', 'Beta', 'Gamma']);
  assert.deepEqual(titles({ limit: 2 }), ['Alpha', 'Alphabet']);
  assert.deepEqual(titles({ after: 'Alphabet' }), ['Beta', 'Gamma']);
  assert.deepEqual(titles({ prefix: 'Alpha' }), ['Alpha', 'Alphabet']);
  assert.deepEqual(titles({ prefix: 'Alpha', after: 'Alpha' }), ['Alphabet']);
  assert.deepEqual(titles({ prefix: 'Gam', after: 'Beta' }), ['Gamma']);
  assert.deepEqual(titles({ prefix: 'Zed' }), []);
  const all = ops(anonymous).listPages({ namespace: 0, after: null, prefix: null, limit: 10 }).pages;
  const seeded = all.filter((p) => ['Hidden', 'Open'].includes(p.title));
  assert.deepEqual(seeded.map((p) => [p.title, p.access.read]), [['Hidden', false], ['Open', true]]);
});

test('canCreate says whether the title would be readable, so an unreadable title can answer as absent', () => {
  assert.deepEqual(ops(anonymous).canCreate({ namespace: 0, title: 'Hidden' }), { allowed: false, exists: true, readable: false });
  assert.deepEqual(ops(anonymous).canCreate({ namespace: 0, title: 'Open' }), { allowed: true, exists: true, readable: true });
});

test('the reference host answers exactly the operations the core calls', async () => {
  const core = await loadCore();
  assert.deepEqual(Object.keys(ops(anonymous)).sort(), core.hostOperations().sort());
});
