// The ways the SQLite host answers a Subject search must agree: sorting the candidates (few matches),
// walking windows of the order's index with the search as a filter (many), and rounds of both. A
// million-Subject wiki walks for common words; here the windows and caps are set to force each way.
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

  const SORTED = { windowRows: 0, candidateCap: 100000 };
  const WALKED = { windowRows: 1, candidateCap: 0 };
  const ROUNDS = { windowRows: 9, candidateCap: 20 };

  // Every row of a search, page by page, with the given first window and candidate cap.
  function everyRow(query, options) {
    const rows = [];
    let after = null;
    for (;;) {
      const page = listSubjects(site.db, { schema: null, after, limit: 7, includeDependent: false, timeoutMs: 60000, ...query }, options);
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
            const sorted = everyRow(query, SORTED);
            assert.deepEqual(everyRow(query, WALKED), sorted, `${JSON.stringify(query)}, walked`);
            assert.deepEqual(everyRow(query, ROUNDS), sorted, `${JSON.stringify(query)}, in rounds`);
            matched += sorted.length;
          }
        }
      }
    }
    assert.ok(matched > 1000, `the searches match rows (${matched})`);
  });

  test('a substring search folds case beyond ASCII on both paths', () => {
    for (const options of [SORTED, WALKED]) {
      const rows = everyRow({ search: 'ÉMILE', sort: 'name', direction: 'asc' }, options);
      assert.ok(rows.length > 0, JSON.stringify(options));
      assert.deepEqual(rows, everyRow({ search: 'émile', sort: 'name', direction: 'asc' }, options));
    }
  });

  test('a search past its deadline stops on either path', () => {
    const query = { sort: 'name', direction: 'asc', schema: null, search: 'anna', after: null, limit: 7, includeDependent: false, timeoutMs: 0 };
    for (const options of [SORTED, WALKED]) {
      // deadlineEvery 1: the walk checks the clock on its first row.
      const page = listSubjects(site.db, query, { ...options, deadlineEvery: 1 });
      assert.deepEqual(page, { rows: [], timedOut: true }, JSON.stringify(options));
    }
    assert.equal(listSubjects(site.db, { ...query, timeoutMs: 60000 }, { ...WALKED, deadlineEvery: 1 }).rows.length, 7);
  });
});
