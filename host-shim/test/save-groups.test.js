import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { findPageByTitle } from '../platform/storage/pages.js';
import { groupStats, savePagesInGroup } from '../platform/storage/save-groups.js';
import { clearPending } from '../stores/pending.js';
import { openSite } from '../test-support/site.js';

const author = { userId: null, name: 'Tester' };
const indexed = (subjectId) => ({
  subjects: [{ subjectId, schema: 'Person', label: subjectId, displayName: subjectId, displayNameIsGenerated: false,
    isMain: true, isDependent: false, hostSubjectId: null, position: 0 }],
  relations: [],
  changedSubjectIds: [subjectId],
});
const newPage = (title, extra = {}) => ({
  pageId: null, namespace: 0, title, baseRevisionId: null, createOnly: true, comment: 'create',
  contentModel: 'wikitext', mainSlot: `text of ${title}`, subjectSlot: null, index: null, ...extra,
});

let site;
beforeEach(() => {
  site?.db.close();
  site = openSite();
});
after(() => site.db.close());

const count = (table) => site.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

describe('saves committed in groups', () => {
  test('saves that arrive together commit in one transaction, each answered with its own results', async () => {
    const before = groupStats(site.db);
    const answers = await Promise.all(['A', 'B', 'C'].map((title, i) => savePagesInGroup(site.db,
      [newPage(title, { index: indexed(`s1groupaaaaaaa${i}`) })], author, '2026-01-01T00:00:00Z')));
    assert.deepEqual(answers.map((a) => a.ok), [true, true, true]);
    assert.equal(new Set(answers.map((a) => a.results[0].pageId)).size, 3);
    const after = groupStats(site.db);
    assert.deepEqual({ groups: after.groups - before.groups, saves: after.saves - before.saves }, { groups: 1, saves: 3 });
    assert.equal(count('subject_index'), 3);
  });

  test('a conflict or a malformed save undoes that request alone, with its index rows', async () => {
    await savePagesInGroup(site.db, [newPage('Taken')], author, '2026-01-01T00:00:00Z');
    const outcomes = await Promise.allSettled([
      savePagesInGroup(site.db, [newPage('Fresh', { index: indexed('s1groupaaaaaaf1') })], author, 't'),
      savePagesInGroup(site.db, [newPage('Also new', { index: indexed('s1groupaaaaaax1') }), newPage('Taken')], author, 't'),
      savePagesInGroup(site.db, [newPage('Bad|title')], author, 't'),
      savePagesInGroup(site.db, [newPage('Last', { index: indexed('s1groupaaaaaal1') })], author, 't'),
    ]);
    assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    assert.equal(outcomes[0].value.ok, true);
    assert.deepEqual(outcomes[1].value, { ok: false, conflict: 'title-exists', index: 1 });
    assert.match(outcomes[2].reason.message, /invalid title/);
    assert.equal(outcomes[3].value.ok, true);
    assert.equal(findPageByTitle(site.db, 0, 'Also new'), null);
    assert.deepEqual(site.db.prepare('SELECT subject_id FROM subject_index ORDER BY subject_id').pluck().all(), ['s1groupaaaaaaf1', 's1groupaaaaaal1']);
  });

  test('a save is answered only once it is committed: another connection sees it', async () => {
    const other = new Database(join(site.dataDir, 'strata.sqlite'), { readonly: true });
    try {
      const answers = await Promise.all(['One', 'Two'].map((title) => savePagesInGroup(site.db, [newPage(title)], author, 't').then((answer) => {
        assert.ok(other.prepare('SELECT id FROM page WHERE title = ?').get(title), `${title} is visible when answered`);
        return answer;
      })));
      assert.equal(answers.length, 2);
    } finally {
      other.close();
    }
  });
});

describe('acknowledgements of the stores', () => {
  const pending = () => site.db.prepare('SELECT store, page_id FROM projection_pending ORDER BY store, page_id').raw().all();
  // Counts the outermost transactions (commits) run while `work` is awaited.
  async function commitsDuring(work) {
    const transaction = site.db.transaction;
    let commits = 0;
    site.db.transaction = (fn) => {
      const wrapped = transaction.call(site.db, fn);
      return (...args) => {
        if (!site.db.inTransaction) commits += 1;
        return wrapped(...args);
      };
    };
    try {
      await work();
    } finally {
      site.db.transaction = transaction;
    }
    return commits;
  }

  test('the acknowledgements of one turn clear their markers in one commit', async () => {
    const saved = await Promise.all(['P1', 'P2', 'P3'].map((title) => savePagesInGroup(site.db, [newPage(title)], author, 't', ['graph', 'sparql'])));
    const pages = saved.map((a) => ({ pageId: a.results[0].pageId, revisionId: a.results[0].revisionId }));
    assert.equal(pending().length, 6);
    const commits = await commitsDuring(() => Promise.all([
      ...pages.map((page) => clearPending(site.db, 'graph', [page])),
      clearPending(site.db, 'sparql', pages.slice(0, 2)),
    ]));
    assert.equal(commits, 1);
    assert.deepEqual(pending(), [['sparql', pages[2].pageId]]);
  });

  for (const clearFirst of [false, true]) {
    test(`a save group of the same turn takes the queued acknowledgements into its transaction (${clearFirst ? 'acknowledged' : 'saved'} first)`, async () => {
      const first = await savePagesInGroup(site.db, [newPage(`Q1 ${clearFirst}`)], author, 't', ['graph']);
      const page = { pageId: first.results[0].pageId, revisionId: first.results[0].revisionId };
      let cleared = false;
      const save = () => savePagesInGroup(site.db, [newPage(`Q2 ${clearFirst}`)], author, 't', ['graph']);
      const clear = () => clearPending(site.db, 'graph', [page]).then(() => { cleared = true; });
      const commits = await commitsDuring(() => Promise.all(clearFirst ? [clear(), save()] : [save(), clear()]));
      assert.equal(commits, 1);
      assert.ok(cleared);
      assert.deepEqual(pending().map(([store]) => store), ['graph'], 'only the new save is pending');
    });
  }

  test('a marker of a later revision stays when an older one is acknowledged', async () => {
    const first = await savePagesInGroup(site.db, [newPage('R1')], author, 't', ['graph']);
    const { pageId, revisionId } = first.results[0];
    await savePagesInGroup(site.db, [{ ...newPage('R1'), pageId, baseRevisionId: revisionId, createOnly: false }], author, 't', ['graph']);
    await clearPending(site.db, 'graph', [{ pageId, revisionId }]);
    assert.deepEqual(pending(), [['graph', pageId]]);
  });
});
