// The list and discovery endpoints end to end: the wasm core's handleRoute over the real SQLite host,
// with pages loaded through the bulk path.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeBridge } from '../src/bridge.js';
import { loadCore } from '../src/loader.js';
import { bulkImportPages, saveSchemas } from '../platform/bulk-import.js';
import { makeHostOps } from '../platform/ops.js';
import { NS_MEDIAWIKI } from '../platform/pages/namespaces.js';
import { savePages } from '../platform/storage/page-writes.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();

const SCHEMAS = {
  Person: { propertyDefinitions: { Knows: { type: 'relation', targetSchemas: ['Person'], multiple: true }, Membership: { type: 'relation', targetSchemas: ['Role'] } } },
  City: { propertyDefinitions: { Mayor: { type: 'relation', targetSchemas: ['Person'] } } },
  Role: { subjectsAreDependent: true, propertyDefinitions: { Title: { type: 'text' } } },
};

const id = (n) => `s1list${String(n).padStart(9, '0')}`;
const NAMES = ['Ada Lovelace', 'alan Turing', 'Grace Hopper', 'Émilie du Châtelet', 'Barbara Liskov', 'Edsger Dijkstra',
  'Katherine Johnson', 'Donald Knuth', 'Radia Perlman', 'Tim Berners-Lee', 'Vienna', 'Leipzig'];

// Page i holds Subject i as its main Subject (City for the last two); page 2 also holds a Role
// (Dependent) and an unlabelled Person; page "Secret" is readable only by sysops.
function page(i) {
  const schema = i >= 10 ? 'City' : 'Person';
  const subjects = {
    [id(i)]: { label: NAMES[i], schema, statements: i === 10 ? { Mayor: { propertyType: 'relation', value: [{ target: id(0) }] } }
      : { Knows: { propertyType: 'relation', value: [{ target: id(0) }, { target: id(i) }] } } },
  };
  if (i === 2) {
    subjects[id(20)] = { schema: 'Role', statements: { Title: { propertyType: 'text', value: ['Admiral'] } } };
    subjects[id(2)].statements.Membership = { propertyType: 'relation', value: [{ target: id(20) }] };
    subjects[id(21)] = { schema: 'Person', statements: { Knows: { propertyType: 'relation', value: [{ target: id(0) }] } } };
  }
  return { title: i === 3 ? 'Secret' : `Page ${NAMES[i]}`, content: { mainSubject: id(i), subjects } };
}

const caller = (rights, groups = ['*', 'user']) => ({ userId: 5, name: 'Tester', anonymous: false, bot: false, groups, rights, csrfValid: true });
const READER = caller(['read', 'strata-query']);
const SYSOP = caller(['read', 'edit', 'strata-query'], ['*', 'user', 'sysop']);
const NO_QUERY = caller(['read']);

// 1,200 unreadable Subjects on these pages, named to sort first.
const HIDDEN_PAGES = 120;

let site;
async function get(path, query = {}, who = READER, settings = {}) {
  const ops = makeHostOps({ db: site.db, config: site.config, caller: who, log: quietLog });
  const bridge = makeBridge({ ...ops, config: () => ({ ...ops.config(), ...settings }) });
  const request = { method: 'GET', path: `/strata/v0${path}`, query, headers: {}, body: '', caller: who };
  const response = JSON.parse(await core.handleRoute(JSON.stringify(request), bridge));
  return { status: response.status, body: JSON.parse(response.body) };
}

async function all(query, who = READER) {
  const ids = [];
  let cursor;
  do {
    const { status, body } = await get('/subjects', { ...query, limit: '3', ...(cursor ? { cursor } : {}) }, who);
    assert.equal(status, 200, JSON.stringify(body));
    ids.push(...body.subjects.map((s) => s.id));
    cursor = body.nextCursor;
  } while (cursor);
  return ids;
}

const importPages = (pages) => bulkImportPages({ db: site.db, config: site.config, core }, { pages, batch: 4 });

describe('list endpoints over SQLite', () => {
  before(async () => {
    const hidden = Object.fromEntries(Array.from({ length: HIDDEN_PAGES }, (_, n) => [`Hidden ${n}`, ['sysop']]));
    site = openSite({ readRestrictions: { pages: { Secret: ['sysop'], ...hidden } } });
    await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, SCHEMAS);
    await importPages(NAMES.map((_, i) => page(i)));
  });
  after(() => site.db.close());

  test('every sort and direction pages through every readable standalone Subject in order', async () => {
    const readable = NAMES.map((_, i) => i).filter((i) => i !== 3);
    const standalone = [...readable.map(id), id(21)];
    const fold = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const nameOf = (s) => (s === id(21) ? 'Person' : NAMES[Number(s.slice(6))]);
    const byName = [...standalone].sort((a, b) => (fold(nameOf(a)) < fold(nameOf(b)) ? -1 : fold(nameOf(a)) > fold(nameOf(b)) ? 1 : a < b ? -1 : 1));
    assert.deepEqual(await all({ sort: 'name' }), byName);
    assert.deepEqual(await all({ sort: 'name', direction: 'desc' }), [...byName].reverse());
    const bySchema = [...standalone].sort((a, b) => (nameOf(a) === 'Vienna' || nameOf(a) === 'Leipzig' ? 'City' : 'Person')
      .localeCompare(nameOf(b) === 'Vienna' || nameOf(b) === 'Leipzig' ? 'City' : 'Person') || (a < b ? -1 : 1));
    assert.deepEqual(await all({ sort: 'schema' }), bySchema);
    assert.deepEqual(await all({ sort: 'schema', direction: 'desc' }), [...bySchema].reverse());
    const titleOf = (s) => (s === id(21) ? `Page ${NAMES[2]}` : `Page ${nameOf(s)}`);
    const byPage = [...standalone].sort((a, b) => (titleOf(a) < titleOf(b) ? -1 : titleOf(a) > titleOf(b) ? 1 : a < b ? -1 : 1));
    assert.deepEqual(await all({ sort: 'page' }), byPage);
    assert.deepEqual(await all({ sort: 'page', direction: 'desc' }), [...byPage].reverse());
    // Pages saved in one second share a timestamp: ties fall to the ID, in the list's direction.
    const byTime = (column) => site.db.prepare(`SELECT subject_id FROM subject_index WHERE is_dependent = 0
      ORDER BY ${column} DESC, subject_id DESC`).pluck().all().filter((s) => s !== id(3));
    const newest = await all({});
    assert.deepEqual(newest, byTime('created_at'));
    assert.deepEqual(await all({ sort: 'newest', direction: 'asc' }), newest, 'newest ignores direction');
    assert.deepEqual(await all({ sort: 'edited' }), byTime('edited_at'));
    assert.deepEqual(await all({ sort: 'edited', direction: 'asc' }), byTime('edited_at').reverse());
  });

  test('a Schema filter includes Dependent Subjects; rows carry hostSubject and page fields', async () => {
    const { body } = await get('/subjects', { schema: 'role' });
    assert.equal(body.subjects.length, 1);
    const [role] = body.subjects;
    assert.deepEqual({ ...role, pageId: 0 }, {
      id: id(20), label: null, displayName: 'Role', displayNameIsGenerated: true, schema: 'Role',
      hostSubject: { id: id(2), schema: 'Person', displayName: 'Grace Hopper', displayNameIsGenerated: false },
      pageId: 0, pageTitle: 'Page Grace Hopper', pageNamespaceId: 0,
    });
    assert.ok(!(await all({})).includes(id(20)), 'left out without a Schema filter');
  });

  test('search forms end to end: substrings of name or title ignoring case, ID prefixes (the rules: tests/conformance/lists.json)', async () => {
    const search = async (q, extra = {}) => (await all({ search: q, sort: 'name', ...extra })).map((s) => NAMES[Number(s.slice(6))] ?? s);
    const cases = [
      ['LOVE', ['Ada Lovelace']],
      ['ring', ['alan Turing']],
      ['page vie', ['Vienna']],
      ['jkS', ['Edsger Dijkstra']],
      ['âte', []],
      ['gr', ['Grace Hopper', id(21)]],
      ['AL', ['alan Turing', 'Donald Knuth']],
      ['s1list00000001', ['Leipzig', 'Vienna']],
      ['s1LIST', []],
      ['Secret', []],
      ['100%', []],
    ];
    for (const [q, want] of cases) assert.deepEqual(await search(q), want, q);
    assert.deepEqual(await search('z', { schema: 'City' }), ['Leipzig']);
    assert.deepEqual(await search('vie', { schema: 'City' }), ['Vienna']);
  });

  test('cursors stay valid while Subjects are created and deleted during paging', async () => {
    const seen = [];
    let { body } = await get('/subjects', { sort: 'name', limit: '4' });
    seen.push(...body.subjects.map((s) => s.id));
    await importPages([{ title: 'Aaron page', content: { mainSubject: id(900), subjects: { [id(900)]: { label: 'Aaron', schema: 'Person' } } } },
      { title: 'Zed page', content: { mainSubject: id(901), subjects: { [id(901)]: { label: 'zzz Zed', schema: 'Person' } } } }]);
    const victim = site.db.prepare("SELECT id FROM page WHERE title = 'Page Radia Perlman'").pluck().get();
    const { deletePage } = await import('../platform/storage/page-writes.js');
    deletePage(site.db, { pageId: victim }, { userId: null, name: 'x' }, '2030-01-01T00:00:00Z');
    while (body.nextCursor) {
      ({ body } = await get('/subjects', { sort: 'name', limit: '4', cursor: body.nextCursor }));
      seen.push(...body.subjects.map((s) => s.id));
    }
    assert.equal(new Set(seen).size, seen.length, 'no Subject twice');
    assert.ok(seen.includes(id(901)) && !seen.includes(id(900)), 'created after the cursor: listed; before it: not');
    assert.ok(!seen.slice(4).includes(id(8)), 'a deleted Subject is not listed after its deletion');
    const bad = await get('/subjects', { cursor: 'not-a-cursor' });
    assert.deepEqual([bad.status, bad.body.errorType], [400, 'invalid-cursor']);
    const otherOrder = await get('/subjects', { sort: 'page', cursor: (await get('/subjects', { sort: 'name', limit: '1' })).body.nextCursor });
    assert.equal(otherOrder.status, 400);
  });

  test('a search that runs past searchTimeoutMs answers 503 searchTimeout', async () => {
    const many = Array.from({ length: 260 }, (_, n) => ({
      title: `Crowd ${n}`,
      content: { subjects: Object.fromEntries(Array.from({ length: 10 }, (_, k) => [id(1000 + n * 10 + k), { label: `Crowd member ${n}-${k}`, schema: 'Person' }])) },
    }));
    await importPages(many);
    const { status, body } = await get('/subjects', { search: 'crowd', sort: 'name' }, READER, { searchTimeoutMs: 0 });
    assert.equal(status, 503);
    assert.equal(body.errorType, 'searchTimeout');
    const fine = await get('/subjects', { search: 'crowd', sort: 'name', limit: '5' });
    assert.deepEqual([fine.status, fine.body.subjects.length], [200, 5]);
  });

  test('a request inspects at most 1,000 Subjects, then ends with a null cursor', async () => {
    const hidden = Array.from({ length: HIDDEN_PAGES }, (_, n) => ({
      title: `Hidden ${n}`,
      content: { subjects: Object.fromEntries(Array.from({ length: 10 }, (_, k) => [id(5000 + n * 10 + k), { label: `!hidden ${n}-${k}`, schema: 'City' }])) },
    }));
    await importPages(hidden);
    const { status, body } = await get('/subjects', { sort: 'name', limit: '10' });
    assert.deepEqual([status, body.subjects.length, body.nextCursor], [200, 0, null]);
    const sysop = await get('/subjects', { sort: 'name', limit: '10' }, SYSOP);
    assert.equal(sysop.body.subjects.length, 10);
    assert.ok(sysop.body.nextCursor);
  });

  test('permission rules of every list', async () => {
    for (const [path, query] of [['/subjects', {}], ['/recently-edited-subjects', {}], ['/subject-labels', {}], [`/subject/${id(0)}/referencingSubjects`, {}]]) {
      const capped = await get(path, { ...query, limit: '500' });
      assert.equal(capped.status, 200, path);
      for (const limit of ['0', '-1', 'ten']) assert.equal((await get(path, { limit })).status, 400, `${path} limit=${limit}`);
      const text = JSON.stringify(capped.body);
      assert.ok(!text.includes(id(3)) && !text.includes('Secret'), `${path} leaves the unreadable page out`);
      assert.ok(!('total' in capped.body), `${path} reports no total`);
    }
    const secretly = await get(`/subject/${id(0)}/referencingSubjects`, { limit: '50' }, SYSOP);
    assert.ok(JSON.stringify(secretly.body).includes(id(3)));
    assert.equal((await get(`/subject/${id(3)}/referencingSubjects`)).status, 404);
    assert.equal((await get('/subject-counts', {}, NO_QUERY)).status, 403);
    const counts = (await get('/subject-counts')).body.counts;
    assert.equal(counts.Role, 1);
    assert.ok(counts.Person >= 11 && counts.City >= 1202, 'Subjects on unreadable pages count');
  });

  test('recently edited, labels and referencing Subjects', async () => {
    const recent = (await get('/recently-edited-subjects', { limit: '50' })).body.subjects;
    assert.equal(new Set(recent.map((s) => s.id)).size, recent.length);
    assert.ok(recent.every((s) => typeof s.lastEdited === 'string'));
    assert.ok(recent.map((s) => s.lastEdited).every((t, i, all) => i === 0 || all[i - 1] >= t));

    const labels = (await get('/subject-labels', { schema: 'Person|City', search: 'g' })).body.subjects;
    assert.deepEqual(labels, [{ id: id(2), label: 'Grace Hopper', pageTitle: 'Page Grace Hopper' }]);
    const cities = (await get('/subject-labels', { schema: 'City', search: 'v' })).body.subjects.map((s) => s.label);
    assert.deepEqual(cities, ['Vienna']);

    const refs = (await get(`/subject/${id(0)}/referencingSubjects`, { limit: '50' })).body;
    const ids = refs.referencingSubjects.map((r) => r.subject.id);
    assert.ok(!ids.includes(id(0)), 'not itself');
    assert.equal(ids.at(-1), id(21), 'generated names last');
    assert.deepEqual(refs.referencingSubjects.find((r) => r.subject.id === id(10)).propertyNames, ['Mayor']);
    assert.equal(refs.referencingSubjects[0].subject.pageNamespaceId, 0);
    const two = (await get(`/subject/${id(0)}/referencingSubjects`, { limit: '2' })).body;
    assert.deepEqual([two.referencingSubjects.length, two.truncated], [2, true]);
  });

  test('edit notices come from MediaWiki pages, as wikitext, with nothing active', async () => {
    const author = { userId: null, name: 'Admin' };
    const save = (title, text) => savePages(site.db, [{ pageId: null, namespace: NS_MEDIAWIKI, title, baseRevisionId: null, createOnly: true, comment: '', contentModel: 'wikitext', mainSlot: text, subjectSlot: null, index: null }], author, '2030-01-01T00:00:00Z');
    save('Strata-editnotice', "'''Cite''' sources<script>alert(1)</script>");
    save('Strata-editnotice-Person', '* People need a [[Help:Dates|birth date]].');
    const pageId = site.db.prepare("SELECT id FROM page WHERE title = 'Page Ada Lovelace'").pluck().get();
    const { body } = await get(`/page/${pageId}/editNotices`, { schema: 'Person' });
    assert.deepEqual(body, { notices: [
      { key: 'strata-editnotice', html: '<p><b>Cite</b> sources&lt;script&gt;alert(1)&lt;/script&gt;</p>\n' },
      { key: 'strata-editnotice-person', html: '<ul>\n<li>People need a <a href="/wiki/Help:Dates" rel="noopener noreferrer">birth date</a>.</li>\n</ul>\n' },
    ] });
    const secret = site.db.prepare("SELECT id FROM page WHERE title = 'Secret'").pluck().get();
    assert.equal((await get(`/page/${secret}/editNotices`)).status, 404);
  });
});

