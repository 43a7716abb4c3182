// The ways the SQLite host answers a Subject search must agree: sorting the candidates (few matches),
// walking the order's index with the search as a filter (many), and for a short search a bounded walk
// first. A million-Subject wiki walks for common words; here the candidate cap is lowered to force it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadCore } from '../src/loader.js';
import { bulkImportPages, saveSchemas } from '../platform/bulk-import.js';
import { listSubjects } from '../platform/storage/subject-lists.js';
import { openSite, quietLog } from '../test-support/site.js';

const core = await loadCore();
const SCHEMAS = { Person: { propertyDefinitions: {} }, Place: { propertyDefinitions: {} } };
const FIRST = ['Anna', 'Ben', 'Clara', 'Émile', 'Zoë', 'hanna'];
const LAST = ['Berger', 'Vienna', 'Nyström', 'Gdańsk', 'Labs'];
const id = (n) => `s1srch${String(n).padStart(9, '0')}`;

// 60 pages of 5 Subjects: names mix cases and non-ASCII letters; one Subject in five unlabelled.
const pages = Array.from({ length: 60 }, (_, p) => ({
  title: `${FIRST[p % FIRST.length]} page ${p}`,
  content: {
    mainSubject: id(p * 5),
    subjects: Object.fromEntries(Array.from({ length: 5 }, (_, k) => {
      const n = p * 5 + k;
      const label = k === 4 ? undefined : `${FIRST[(p + k) % FIRST.length]} ${LAST[n % LAST.length]}`;
      return [id(n), { ...(label ? { label } : {}), schema: k % 2 ? 'Place' : 'Person', statements: {} }];
    })),
  },
}));

describe('Subject search over SQLite', () => {
  let site;
  before(async () => {
    site = openSite();
    await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, SCHEMAS);
    await bulkImportPages({ db: site.db, config: site.config, core }, { pages, schemas: SCHEMAS, batch: 7 });
  });
  after(() => site.db.close());

  // Every row of a search, page by page, with the given candidate cap and short-search walk.
  function everyRow(query, sortedCandidates, shortWindowRows = 0) {
    const rows = [];
    let after = null;
    for (;;) {
      const page = listSubjects(site.db, { schema: null, after, limit: 7, includeDependent: false, timeoutMs: 60000, ...query }, { sortedCandidates, shortWindowRows });
      assert.equal(page.timedOut, false);
      rows.push(...page.rows.map((r) => r.subjectId));
      if (page.rows.length < 7) return rows;
      const last = page.rows.at(-1);
      after = { key: last.sortKey, id: last.subjectId };
    }
  }

  test('sorting candidates and walking the index give the same rows in the same order', () => {
    const searches = ['ann', 'ANNA', 'zoë', 'Émi', 'gdańsk', 'Be', 'z', 'Ë', 'ŃS', 'a', 's1srch0000001', 's1srch00000012', 'page 1', 'Person', 'nothing'];
    let matched = 0;
    for (const search of searches) {
      for (const sort of ['newest', 'name', 'schema', 'page', 'edited']) {
        for (const direction of ['asc', 'desc']) {
          for (const schema of [null, 'Place']) {
            const query = { search, sort, direction, schema, includeDependent: schema !== null };
            const sorted = everyRow(query, 100000);
            assert.deepEqual(everyRow(query, 0), sorted, JSON.stringify(query));
            assert.deepEqual(everyRow(query, 100000, 9), sorted, `${JSON.stringify(query)}, short walk first`);
            matched += sorted.length;
          }
        }
      }
    }
    assert.ok(matched > 1000, `the searches match rows (${matched})`);
  });

  test('a substring search folds case beyond ASCII on both paths', () => {
    for (const cap of [0, 100000]) {
      const rows = everyRow({ search: 'ÉMILE', sort: 'name', direction: 'asc' }, cap);
      assert.ok(rows.length > 0, `cap ${cap}`);
      assert.deepEqual(rows, everyRow({ search: 'émile', sort: 'name', direction: 'asc' }, cap));
    }
  });

  test('a search past its deadline stops on either path', () => {
    const query = { sort: 'name', direction: 'asc', schema: null, search: 'anna', after: null, limit: 7, includeDependent: false, timeoutMs: 0 };
    for (const sortedCandidates of [0, 100000]) {
      // deadlineEvery 1: the walk checks the clock on its first row.
      const page = listSubjects(site.db, query, { sortedCandidates, deadlineEvery: 1 });
      assert.deepEqual(page, { rows: [], timedOut: true }, `cap ${sortedCandidates}`);
    }
    assert.equal(listSubjects(site.db, { ...query, timeoutMs: 60000 }, { sortedCandidates: 0, deadlineEvery: 1 }).rows.length, 7);
  });
});
