// The index queries behind the Subject lists. Each runs on an index (migration 2): keyset pages of a
// sort index, FTS5 trigram matches for substring search, the revision_subject window, the counts
// table. Rows carry the page's namespace and title so the caller can add its read access; the core
// decides what to do with unreadable rows.
import { decodeSchema } from './pages.js';

const ROW_COLUMNS = `s.subject_id, s.page_id, p.namespace, p.title, s.page_title, s.schema, s.label, s.display_name,
  s.display_name_generated, s.is_main, s.is_dependent, s.host_subject_id`;
const FROM_ROWS = 'subject_index s JOIN page p ON p.id = s.page_id';

export function toIndexedSubject(row) {
  return {
    subjectId: row.subject_id,
    pageId: row.page_id,
    pageNamespace: row.namespace,
    pageTitle: row.page_title,
    schema: decodeSchema(row.schema),
    label: row.label,
    displayName: row.display_name,
    displayNameIsGenerated: row.display_name_generated === 1,
    isMain: row.is_main === 1,
    isDependent: row.is_dependent === 1,
    hostSubjectId: row.host_subject_id,
    // For the caller's access check; removed by `withAccess`.
    title: row.title,
  };
}

// The column each sort orders on; ties are broken by subject_id.
const SORT_COLUMNS = {
  newest: 's.created_at',
  name: 's.display_name COLLATE NOCASE',
  schema: 's.schema',
  page: 's.page_title',
  edited: 's.edited_at',
};

/** Searches shorter than this have no trigram of their own: they are a range of the indexed trigrams. */
export const SUBSTRING_MIN_CHARS = 3;
/**
 * A search runs in rounds that grow by `GROWTH`: each first walks a window of the order's index (a
 * common search finds its page there), then reads the search's candidates up to a cap (a rare search
 * reads them all and sorts them). Round 0 walks `WINDOW_ROWS` rows and reads `CANDIDATE_CAP`
 * candidates; the cap is reached in the round after a window of its size, because reading a
 * candidate costs little and sorting one (a random read of the table) about four walked entries.
 * Docs/lists.md, "How SQLite answers a search", gives the costs.
 */
const WINDOW_ROWS = 1000;
const CANDIDATE_CAP = 1000;
const GROWTH = 4;
/**
 * Every statement of a search that reads many rows checks its deadline on about one row in this many
 * (`deadlineCheck`), so the check costs nothing measurable and no single statement runs far past it.
 */
const DEADLINE_EVERY = 256;

export class SearchTimeout extends Error {}

const likeEscape = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (text) => `"${text.replace(/"/g, '""')}"`;
// Subject IDs are ASCII: the IDs starting with `prefix` lie in [prefix, prefix with its last character + 1).
function idRange(prefix) {
  if (!/^[\x21-\x7e]+$/.test(prefix)) return null;
  const last = prefix.charCodeAt(prefix.length - 1);
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1)];
}

/**
 * The two halves of a search: the name half (a case-insensitive substring of the display name or page
 * title) and the ID half (a range of the ID index). Each has `rowIds(db, cap)`, the row_ids it selects
 * (at most `cap`; null when there are more), read without counting the rest; `filter`, the same as a
 * condition on a row `s` of a walk, with its `params` and the `columns` it reads; and, where it costs
 * a seek, `isEmpty(db)`. The name half's `rowIds` reads the trigram table: a search of three
 * characters or more is a phrase; a shorter one is every indexed trigram that starts with it (each
 * position of a value starts one: migration 5), listed from the vocabulary one seek a trigram.
 * `check` is the search's `deadlineCheck`: reading the row_ids stops at the deadline.
 */
function searchParts(db, search, check) {
  const range = idRange(search);
  const folded = search.toLowerCase();
  const match = (query, cap) => db.prepare(`SELECT rowid FROM subject_search WHERE subject_search MATCH ? AND ${check.sql} LIMIT ?`)
    .pluck().all(query, ...check.params, cap);
  // SQLite's lower() folds ASCII only: enough for an ASCII search (the rare letters whose lower case
  // is ASCII, like the Kelvin sign, aside); any other is tested with JavaScript's lower case, called
  // only on values holding a character whose lower case is the search's first non-ASCII one.
  const other = [...folded].find((c) => c > '\x7f');
  const sources = other === undefined ? [] : lowerCaseSources(other);
  const contains = other === undefined
    ? (column) => `instr(lower(${column}), ?) > 0`
    : (column) => `((${sources.map(() => `instr(${column}, ?) > 0`).join(' OR ')}) AND instr(strata_fold(${column}), ?) > 0)`;
  const filter = `(${contains('s.display_name')} OR ${contains('s.page_title')})`;
  const filterParams = [...sources, folded, ...sources, folded];
  const short = [...search].length < SUBSTRING_MIN_CHARS;
  const name = {
    rowIds: short
      ? (cap) => {
        const terms = trigramsStartingWith(db, folded, check.deadline);
        return terms.length === 0 ? [] : match(terms.map(ftsPhrase).join(' OR '), cap);
      }
      : (cap) => phraseRowIds(db, { trigrams: trigramsOf(folded), exact: [...folded].length === 3, filter, params: filterParams, check, match }, cap),
    isEmpty: short ? undefined : () => trigramsOf(folded).some((term) => !hasTrigram(db, term)),
    filter,
    params: filterParams,
    columns: ['s.display_name', 's.page_title'],
  };
  const id = range && {
    rowIds: (cap) => db.prepare(`SELECT row_id FROM subject_index WHERE subject_id >= ? AND subject_id < ? AND ${check.sql} LIMIT ?`)
      .pluck().all(...range, ...check.params, cap),
    isEmpty: () => db.prepare('SELECT 1 FROM subject_index WHERE subject_id >= ? AND subject_id < ? LIMIT 1').pluck().get(...range) === undefined,
    // Unary +: a walk must not turn into a read of the ID range and a sort of all of it.
    filter: '(+s.subject_id >= ? AND +s.subject_id < ?)',
    params: range,
    columns: [],
    range,
  };
  return [name, id].filter(Boolean);
}

let lowerCaseMap = null;

/**
 * The characters whose JavaScript lower case holds `char` (itself among them when it is lower case).
 * A map of the characters that change, built once from every code point up to U+1FFFF (no case
 * mapping lies above), and the final sigma: the one lower case that depends on what precedes it.
 */
function lowerCaseSources(char) {
  if (lowerCaseMap === null) {
    lowerCaseMap = new Map([['ς', ['Σ']]]);
    for (let code = 0x80; code <= 0x1ffff; code += 1) {
      const source = String.fromCodePoint(code);
      const lower = source.toLowerCase();
      if (lower === source) continue;
      for (const part of new Set(lower)) lowerCaseMap.set(part, [...(lowerCaseMap.get(part) ?? []), source]);
    }
  }
  return [...(char.toLowerCase().includes(char) ? [char] : []), ...(lowerCaseMap.get(char) ?? [])];
}

/** The distinct trigrams of a folded search of three characters or more, as the trigram tokenizer cuts it. */
function trigramsOf(folded) {
  const chars = [...folded];
  return [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
}

/** Whether any value holds the trigram: one seek of the vocabulary's instance table. */
function hasTrigram(db, term) {
  return db.prepare('SELECT 1 FROM subject_search_instances WHERE term = ? LIMIT 1').pluck().get(term) !== undefined;
}

/**
 * The row_ids holding a search of three characters or more (at most `cap`; null when there may be
 * more than that), without FTS5's phrase query: that query reads every posting of every trigram of
 * the phrase before it can say that nothing matches, in one statement that yields no row, so no
 * deadline check can stop it (`Toolkit Pil` at 10,000,000 Subjects: 900 ms on a cold cache,
 * docs/lists.md). Every match holds each of the phrase's trigrams, so the rows of any one trigram,
 * tested with the walk's own filter, are the answer (a search of three characters is its trigram:
 * its rows are the answer as they are): the first trigram with at most `cap` rows is
 * read (`match`, one trigram, a statement that yields each row it reads and so checks the deadline
 * as it goes) and tested (a statement that checks it too). Trigrams holding a character other than
 * a letter (the space between two words, a digit) are tried first: they are the rarer ones. When
 * every trigram has more than `cap` rows, the round has more candidates than it takes: null.
 */
function phraseRowIds(db, { trigrams, exact, filter, params, check, match }, cap) {
  const letters = (term) => /^\p{L}+$/u.test(term);
  for (const term of [...trigrams].sort((a, b) => letters(a) - letters(b))) {
    const docs = match(ftsPhrase(term), cap + 1);
    if (docs.length <= cap) {
      if (docs.length === 0 || exact) return docs;
      return db.prepare(`SELECT s.row_id FROM json_each(?) c CROSS JOIN subject_index s ON s.row_id = c.value
        WHERE ${filter} AND ${check.sql}`).pluck().all(JSON.stringify(docs), ...params, ...check.params);
    }
  }
  return null;
}

/**
 * The indexed trigrams starting with `prefix` (one or two folded characters), one seek of the
 * vocabulary's instance table (migration 9) each: its first row of a trigram is its first posting.
 * A trigram is three characters, so the next one after `term` is at `term` + U+0001 or later. A wiki
 * of many scripts may hold thousands of them: the clock is checked between seeks.
 */
function trigramsStartingWith(db, prefix, deadline) {
  const next = db.prepare('SELECT term FROM subject_search_instances WHERE term >= ? AND term < ? LIMIT 1').pluck();
  const terms = [];
  for (let term = next.get(prefix, `${prefix}\u{10FFFF}`); term !== undefined; term = next.get(`${term}\u0001`, `${prefix}\u{10FFFF}`)) {
    if (Date.now() >= deadline) throw new SearchTimeout();
    terms.push(term);
  }
  return terms;
}

/**
 * One keyset page of Subjects: `{rows: [{...IndexedSubject, sortKey}], timedOut}`. `after` is
 * `{key, id}` or null. A search runs in rounds (see `WINDOW_ROWS`): a window of the order's index
 * tested row by row, then the candidates up to a cap, both growing until one of them answers. The
 * search stops with `timedOut` once `timeoutMs` have passed: between its statements, and inside each
 * statement that reads many rows (`deadlineCheck`).
 */
export function listSubjects(db, { sort, direction, schema, search, after, limit, includeDependent, timeoutMs },
  { windowRows = WINDOW_ROWS, candidateCap = CANDIDATE_CAP, deadlineEvery = DEADLINE_EVERY } = {}) {
  const key = SORT_COLUMNS[sort] ?? SORT_COLUMNS.newest;
  const desc = direction === 'desc';
  const where = [];
  const params = [];
  if (!includeDependent) where.push('s.is_dependent = 0');
  if (schema != null) {
    where.push('s.schema = ?');
    params.push(schema);
  }
  if (after) {
    where.push(`(${key}, s.subject_id) ${desc ? '<' : '>'} (?, ?)`);
    params.push(after.key, after.id);
  }
  const order = `ORDER BY ${key} ${desc ? 'DESC' : 'ASC'}, s.subject_id ${desc ? 'DESC' : 'ASC'} LIMIT ?`;
  const select = (from, extra) => `SELECT ${ROW_COLUMNS}, ${key.replace(' COLLATE NOCASE', '')} AS sort_key FROM ${from}
    WHERE ${[...where, ...extra].join(' AND ') || '1'} ${order}`;
  const toRow = (row) => ({ ...toIndexedSubject(row), sortKey: row.sort_key });
  // The page of rows whose row_ids were found, joined with the table and its pages in the order.
  const rowsOf = (ids) => db.prepare(select('json_each(?) c CROSS JOIN subject_index s ON s.row_id = c.value JOIN page p ON p.id = s.page_id', []))
    .all(JSON.stringify(ids), ...params, limit).map(toRow);

  if (search == null || search === '') {
    return { rows: db.prepare(select(FROM_ROWS, [])).all(...params, limit).map(toRow), timedOut: false };
  }
  if (!(windowRows > 0 || candidateCap > 0)) throw new Error('a search needs windows or candidates');
  defineFunctions(db);
  const check = deadlineCheck(Date.now() + timeoutMs, deadlineEvery);
  try {
    return searchRounds(db, { search, key, desc, where, params, order, select, limit, check, windowRows, candidateCap, toRow, rowsOf });
  } catch (error) {
    if (error instanceof SearchTimeout) return { rows: [], timedOut: true };
    throw error;
  }
}

/**
 * The SQL condition that stops a statement at `deadline` (ms since the epoch), `{sql, params, deadline}`:
 * about one row in `every`, chosen by `random()` so that no pattern of row_ids among the rows a
 * statement reads (a Schema's Subjects at every tenth row_id) escapes it, calls
 * `strata_before_deadline`, which fails the statement once the deadline has passed. better-sqlite3
 * offers neither a progress handler nor `sqlite3_interrupt`; this does the same within the statement.
 */
function deadlineCheck(deadline, every) {
  return { sql: `(random() % ${Number(every)} != 0 OR strata_before_deadline(?))`, params: [deadline], deadline };
}

/** The rounds of `listSubjects`' search; throws SearchTimeout at the deadline. */
function searchRounds(db, { search, key, desc, where, params, order, select, limit, check, windowRows, candidateCap, toRow, rowsOf }) {
  const { deadline } = check;
  // A part that selects nothing (the name half of a pasted ID, mostly) is left out of the walk's
  // filter, which tests every index entry it passes; a search nothing matches answers at once.
  const parts = searchParts(db, search, check).filter((part) => !part.isEmpty?.());
  if (parts.length === 0) return { rows: [], timedOut: false };
  const timeColumn = parts.length === 1 && parts[0].range ? TIME_COLUMNS[key] : undefined;
  // Every row_id is at most this: a window this long is the whole order, a cap this high every candidate.
  const total = db.prepare('SELECT max(row_id) FROM subject_index').pluck().get() ?? 0;
  let start = { where: [], params: [] };
  let clustered = false;
  for (let round = 0, rows = windowRows, cap = candidateCap; ; round += 1, rows *= GROWTH, cap *= GROWTH) {
    if (Date.now() >= deadline) return { rows: [], timedOut: true };
    if (round === 1 && timeColumn) {
      // An ID prefix in a time order: later windows start at the prefix's newest (oldest) time.
      start = timeBound(db, timeColumn, parts[0].range, desc, check);
      if (start === null) return { rows: [], timedOut: false };
    }
    if (rows > 0 && !clustered) {
      const found = walkWindow(db, { parts, where: [...where, ...start.where], params: [...params, ...start.params], order, check }, rows, limit);
      if (found.length === limit || rows >= total) return { rows: rowsOf(found), timedOut: false };
      // At the window's rate along the whole order the search has more candidates than the round
      // takes: reading them would only find that out (a common phrase's trigrams, a short search's).
      if (found.length * total > cap * rows) continue;
    }
    const candidates = searchCandidates(parts, clustered ? total : cap);
    if (candidates !== null) {
      if (Date.now() >= deadline) return { rows: [], timedOut: true };
      return { rows: sortCandidates(db, candidates, { where, params, order, select, limit, check }).map(toRow), timedOut: false };
    }
    // More than `cap` matches spread along the order would have put at least four pages of them in
    // this window: they lie together further on, where only a longer walk would reach them, so the
    // next round reads all the candidates instead (unless the walk starts at an ID prefix's time).
    clustered = !timeColumn && rows * (cap / total) >= 4 * limit;
  }
}

/**
 * The row_ids of the first `limit` rows among the first `rows` of the order that the search matches.
 * The window reads the order's index and, for a name search, the table row's two names; it stops at
 * the `limit`-th match. The walk checks the clock as it goes (`check`).
 */
function walkWindow(db, { parts, where, params, order, check }, rows, limit) {
  const columns = [...new Set(['s.row_id', 's.subject_id', ...parts.flatMap((part) => part.columns)])];
  const window = `SELECT ${columns.join(', ')} FROM subject_index s WHERE ${[...where, check.sql].join(' AND ')} ${order}`;
  return db.prepare(`SELECT s.row_id FROM (${window}) s WHERE ${parts.map((part) => part.filter).join(' OR ')} LIMIT ?`).pluck()
    .all(...params, ...check.params, rows, ...parts.flatMap((part) => part.params), limit);
}

/** The first `limit` of the candidates in the order: read and sorted, then joined with their pages. */
function sortCandidates(db, candidates, { where, params, order, select, limit, check }) {
  // CROSS JOIN makes SQLite read the candidates first and sort them, not walk an index past them.
  // Reading them (a random read of the table each) is the cost, and stops at the deadline.
  const top = `SELECT s.row_id FROM json_each(?) c CROSS JOIN subject_index s ON s.row_id = c.value
    WHERE ${[...where, check.sql].join(' AND ')} ${order}`;
  return db.prepare(select(`(${top}) top CROSS JOIN subject_index s ON s.row_id = top.row_id JOIN page p ON p.id = s.page_id`, []))
    .all(JSON.stringify(candidates), ...params, ...check.params, limit, ...params, limit);
}

// The time orders: an ID prefix's Subjects lie together in them, since minted IDs start with their
// creation time, and may lie far along the order.
const TIME_COLUMNS = { [SORT_COLUMNS.newest]: 'created_at', [SORT_COLUMNS.edited]: 'edited_at' };

/**
 * Where a walk of a time order may start for the Subjects of an ID range: at the newest (oldest, for
 * `asc`) of their times, read from `list_id_time` without the table (about 50 ns a Subject), so the
 * walk does not pass every newer Subject first. No bound without that index (a bulk import defers
 * it: deferred-indexes.js); null when the range holds no Subject. The read stops at the deadline (`check`).
 */
function timeBound(db, column, range, desc, check) {
  if (!db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'list_id_time'").get()) return { where: [], params: [] };
  const bound = db.prepare(`SELECT ${desc ? 'max' : 'min'}(${column}) FROM subject_index INDEXED BY list_id_time
    WHERE subject_id >= ? AND subject_id < ? AND ${check.sql}`).pluck().get(...range, ...check.params);
  return bound === null ? null : { where: [`s.${column} ${desc ? '<=' : '>='} ?`], params: [bound] };
}

const withFunctions = new WeakSet();

// `strata_before_deadline` fails once its argument (a time in ms) has passed: evaluated as a statement
// reads rows (`deadlineCheck`), it stops a search that runs too long, as a progress handler would.
// `strata_fold` is Unicode lower case, as the trigram tokenizer folds, for a walk's test of a short
// non-ASCII search.
function defineFunctions(db) {
  if (withFunctions.has(db)) return;
  db.function('strata_before_deadline', { deterministic: false }, (at) => {
    if (Date.now() >= at) throw new SearchTimeout();
    return 1;
  });
  db.function('strata_fold', { deterministic: true }, (text) => text.toLowerCase());
  withFunctions.add(db);
}

/** The row_ids the search parts select, or null when there are more than `cap`. */
function searchCandidates(parts, cap) {
  const found = new Set();
  for (const part of parts) {
    const ids = part.rowIds(cap + 1);
    if (ids === null || ids.length > cap) return null;
    for (const id of ids) found.add(id);
    if (found.size > cap) return null;
  }
  return [...found];
}

/**
 * Subjects changed by the newest `lookback` revisions of any page, each once with the time of its
 * newest change there, newest first: `{rows: [{...IndexedSubject, lastEdited}]}`.
 */
export function recentlyEdited(db, { limit, lookback }) {
  const oldest = db.prepare('SELECT MIN(id) FROM (SELECT id FROM revision ORDER BY id DESC LIMIT ?)').pluck().get(lookback);
  const changes = db.prepare(`SELECT rs.subject_id, r.timestamp FROM revision_subject rs JOIN revision r ON r.id = rs.revision_id
    WHERE rs.revision_id >= ? ORDER BY rs.revision_id DESC, rs.subject_id`);
  const indexed = db.prepare(`SELECT ${ROW_COLUMNS} FROM ${FROM_ROWS} WHERE s.subject_id = ?`);
  // Newest change first: the first change met of each Subject is its newest; deleted Subjects are skipped.
  const seen = new Set();
  const rows = [];
  for (const change of changes.iterate(oldest ?? 0)) {
    if (seen.has(change.subject_id)) continue;
    seen.add(change.subject_id);
    const row = indexed.get(change.subject_id);
    if (row) rows.push({ ...toIndexedSubject(row), lastEdited: change.timestamp });
    if (rows.length >= limit) break;
  }
  return { rows };
}

/** Subjects per stored Schema reference, kept by triggers in the save transaction. */
export function subjectCounts(db) {
  const rows = db.prepare('SELECT schema, n FROM subject_count WHERE n > 0 ORDER BY schema').all();
  return { counts: rows.map((row) => ({ schema: decodeSchema(row.schema), count: row.n })) };
}

/**
 * Standalone Subjects with a non-generated display name starting with `prefix` (ASCII case ignored),
 * by that name: one index range per Schema, merged.
 */
export function subjectLabels(db, { schemas, prefix, limit }) {
  const from = prefix ?? '';
  const named = 's.display_name_generated = 0 AND s.is_dependent = 0';
  const range = `s.display_name COLLATE NOCASE >= ? AND s.display_name COLLATE NOCASE < ? AND s.display_name LIKE ? ESCAPE '\\'`;
  const order = 'ORDER BY s.display_name COLLATE NOCASE, s.subject_id LIMIT ?';
  const bounds = [from, `${from}\u{10FFFF}`, `${likeEscape(from)}%`];
  const rows = schemas.length === 0
    ? db.prepare(`SELECT ${ROW_COLUMNS} FROM ${FROM_ROWS} WHERE ${named} AND ${range} ${order}`).all(...bounds, limit)
    : schemas.flatMap((schema) => db.prepare(`SELECT ${ROW_COLUMNS} FROM ${FROM_ROWS}
        WHERE s.schema = ? AND ${named} AND ${range} ${order}`).all(schema, ...bounds, limit));
  const fold = (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const byName = (a, b) => (fold(a.display_name) < fold(b.display_name) ? -1 : fold(a.display_name) > fold(b.display_name) ? 1
    : a.subject_id < b.subject_id ? -1 : a.subject_id > b.subject_id ? 1 : 0);
  return { rows: rows.sort(byName).slice(0, limit).map(toIndexedSubject) };
}

/**
 * The Subjects holding a relation to `targetId` (other than itself), generated names last, then by
 * name; at most `inspect` relation rows are looked at. `truncated` when rows were left out.
 */
export function referencingSubjects(db, { targetId, limit, inspect }) {
  const relations = db.prepare(`SELECT source_id, property FROM relation_index
    WHERE target_id = ? AND source_id <> ? ORDER BY source_id LIMIT ?`).all(targetId, targetId, inspect + 1);
  let truncated = relations.length > inspect;
  const properties = new Map();
  for (const { source_id: source, property } of relations.slice(0, inspect)) {
    if (!properties.has(source)) properties.set(source, new Set());
    properties.get(source).add(property);
  }
  const rows = db.prepare(`SELECT ${ROW_COLUMNS} FROM ${FROM_ROWS}
    WHERE s.subject_id IN (SELECT value FROM json_each(?))
    ORDER BY s.display_name_generated, s.display_name COLLATE NOCASE, s.subject_id LIMIT ?`)
    .all(JSON.stringify([...properties.keys()]), limit + 1);
  truncated ||= rows.length > limit;
  return {
    rows: rows.slice(0, limit).map((row) => ({
      ...toIndexedSubject(row), propertyNames: [...properties.get(row.subject_id)].sort(),
    })),
    truncated,
  };
}

/** The index rows of the given Subject IDs. */
export function subjectRows(db, { ids }) {
  const rows = db.prepare(`SELECT ${ROW_COLUMNS} FROM ${FROM_ROWS} WHERE s.subject_id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids));
  return { rows: rows.map(toIndexedSubject) };
}
