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

// The deadline tests' clock: `Date.now` stands still except while a statement whose SQL matches
// `slow` runs; such a statement costs 1 ms to start and 1 ms more each time it reads the clock, as if
// each row it read took time. `late` lists the statements started once the deadline had passed.
const BUDGET_MS = 5;
function slowStatements(t, db, slow) {
  const clock = { now: 1e12, deadline: 1e12 + BUDGET_MS, moving: false, slowRuns: 0, late: [] };
  t.mock.method(Date, 'now', () => (clock.moving ? ++clock.now : clock.now));
  const prepare = db.prepare.bind(db);
  const RUNS = new Set(['all', 'get', 'iterate', 'run']);
  t.mock.method(db, 'prepare', (sql) => {
    const proxy = new Proxy(prepare(sql), {
      get(statement, name) {
        const method = statement[name];
        if (typeof method !== 'function') return method;
        if (!RUNS.has(name)) {
          return (...args) => {
            const out = method.apply(statement, args);
            return out === statement ? proxy : out;
          };
        }
        return (...args) => {
          if (clock.now >= clock.deadline) clock.late.push(sql);
          if (!slow.test(sql)) return method.apply(statement, args);
          clock.slowRuns += 1;
          clock.now += 1;
          clock.moving = true;
          try {
            return method.apply(statement, args);
          } finally {
            clock.moving = false;
          }
        };
      },
    });
    return proxy;
  });
  return clock;
}

describe('Subject search over SQLite', () => {
  let site;
  before(async () => {
    site = openSite();
    await saveSchemas({ db: site.db, config: site.config, core, log: quietLog }, SCHEMAS);
    await bulkImportPages({ db: site.db, config: site.config, core }, { pages, batch: 7 });
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

  // A phrase (three characters or more) is answered from the rows of one of its trigrams, tested with
  // the walk's filter, never by FTS5's phrase query, which reads every posting of every trigram before
  // it can say that nothing matches, in one statement no deadline check can stop (docs/lists.md).
  test('a phrase is answered from one trigram\'s rows, and at once when a trigram is in no value', (t) => {
    const cases = [
      // [search, what it is, how many Subjects it finds]
      ['Anna page 12', 'a page title', 5],
      ['nna Vie', 'a substring across words', 20],
      ['Anna page 13', 'every trigram indexed, no value holding them in a row', 0],
      ['Anna Labs', 'a trigram no value holds', 0],
    ];
    const indexed = (term) => site.db.prepare('SELECT 1 FROM subject_search_instances WHERE term = ? LIMIT 1').get(term) !== undefined;
    assert.ok(['ann', 'nna', 'na ', 'a p', ' pa', 'pag', 'age', 'ge ', 'e 1', ' 13'].every(indexed), 'Anna page 13: every trigram indexed');
    assert.ok(!indexed('lab'), 'Anna Labs: "lab" is in no value');
    for (const [search, what, count] of cases) {
      for (const options of [SORTED, ROUNDS, WALKED]) {
        t.mock.restoreAll();
        const ran = [];
        const prepare = site.db.prepare.bind(site.db);
        t.mock.method(site.db, 'prepare', (sql) => {
          const statement = prepare(sql);
          const all = statement.all.bind(statement);
          statement.all = (...args) => {
            ran.push([sql, args]);
            return all(...args);
          };
          ran.push([sql, null]);
          return statement;
        });
        const rows = everyRow({ search, sort: 'name', direction: 'asc' }, options);
        t.mock.restoreAll();
        const name = `${search} (${what}), ${JSON.stringify(options)}`;
        assert.equal(rows.length, count, name);
        const queries = ran.filter(([sql, args]) => args && /MATCH/.test(sql)).map(([, [query]]) => query);
        assert.ok(queries.every((query) => [...query].length === 5), `${name}: FTS5 asked for one trigram at a time: ${queries}`);
        if (search === 'Anna Labs') {
          assert.ok(ran.every(([sql]) => /^SELECT 1 FROM subject_search_instances WHERE term = \? LIMIT 1$/.test(sql)), `${name}: seeks only`);
        }
      }
    }
  });

  // Each statement of a search that may read many rows, made slow in turn: the search answers
  // timedOut from inside that statement (the clock only moves there) and starts nothing after the
  // deadline. better-sqlite3 has no progress handler; without the check in the statement's SQL the
  // search would run it to its end and answer rows.
  test('a statement that runs past the deadline is stopped inside it, and none starts after it', (t) => {
    const SORTED_ALL = { windowRows: 0, candidateCap: 100000 };
    const cases = [
      ['a window walk (few matches: the whole order)', { search: 'page 59', sort: 'name' }, { windowRows: 100000, candidateCap: 0 }, /FROM \(SELECT/],
      ['reading a phrase\'s trigram', { search: 'anna', sort: 'name' }, SORTED_ALL, /MATCH/],
      ['testing a phrase\'s candidates', { search: 'anna', sort: 'name' }, SORTED_ALL, /c\.value\s+WHERE \(instr/],
      ['reading a short search\'s candidates', { search: 'a', sort: 'name' }, SORTED_ALL, /MATCH/],
      ['listing a short search\'s trigrams', { search: 'a', sort: 'name' }, SORTED_ALL, /subject_search_instances/],
      ['reading an ID prefix\'s candidates', { search: 's1srch00000', sort: 'name' }, SORTED_ALL, /SELECT row_id FROM subject_index WHERE subject_id >= \?/],
      ['sorting the candidates', { search: 'a', sort: 'name' }, SORTED_ALL, /c\.value\s+WHERE/],
      ['an ID prefix\'s time bound', { search: 's1srch00000', sort: 'newest' }, { windowRows: 1, candidateCap: 0 }, /INDEXED BY list_id_time/],
    ];
    for (const [name, search, options, slow] of cases) {
      t.mock.restoreAll();
      const query = { direction: 'asc', schema: null, after: null, limit: 7, includeDependent: false, ...search };
      const clock = slowStatements(t, site.db, slow);
      const page = listSubjects(site.db, { ...query, timeoutMs: BUDGET_MS }, { ...options, deadlineEvery: 4 });
      assert.ok(clock.slowRuns > 0, `${name}: the slow statement ran`);
      assert.deepEqual(page, { rows: [], timedOut: true }, name);
      assert.deepEqual(clock.late, [], `${name}: no statement started after the deadline`);
      t.mock.restoreAll();
      assert.ok(listSubjects(site.db, { ...query, timeoutMs: 60000 }, options).rows.length > 0, `${name}: the search finds rows`);
    }
  });
});
