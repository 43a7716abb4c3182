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
 * Up to this many search candidates are sorted directly (under 1 µs each with the page cache warm);
 * more means the search is common, and the order's index is walked with the search as a filter.
 */
const SORTED_CANDIDATES = 20000;
/**
 * A short search first tests this many rows at the start of the order's index: a common one (most
 * are) finds its page there, before its candidates would even be counted.
 */
const SHORT_WINDOW_ROWS = 300;
/** The walk checks its deadline on one row in this many, so the check costs nothing measurable. */
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
 * (at most `cap`; null when it knows there are more), and `filter`, the same as a condition on a row `s` of an index walk, with its
 * `params`; the parts of a short search also `test` an index row in JavaScript. A search of three characters or more is a phrase of the trigram index. A shorter one is
 * every indexed trigram that starts with it (each position of a value starts one: migration 5); a
 * walk tests it on the row, folding case as the trigram tokenizer does.
 */
function searchParts(search) {
  const range = idRange(search);
  const folded = search.toLowerCase();
  const match = (db, query, cap) => db.prepare('SELECT rowid FROM subject_search WHERE subject_search MATCH ? LIMIT ?').pluck().all(query, cap);
  // SQLite's lower() folds ASCII only: enough for an ASCII search (the rare letters whose lower case
  // is ASCII, like the Kelvin sign, aside); any other is tested with JavaScript's lower case.
  const fold = /^[\x00-\x7f]*$/.test(search) ? 'lower' : 'strata_fold';
  const name = [...search].length < SUBSTRING_MIN_CHARS
    ? {
      // The trigrams and the number of Subjects holding each: more than `cap` in all, and the search
      // is common enough to walk.
      rowIds: (db, cap) => {
        const terms = db.prepare('SELECT term, doc FROM subject_search_terms WHERE term >= ? AND term < ?').all(folded, `${folded}\u{10FFFF}`);
        if (terms.reduce((sum, term) => sum + term.doc, 0) > cap) return null;
        return terms.length === 0 ? [] : match(db, terms.map((term) => ftsPhrase(term.term)).join(' OR '), cap);
      },
      filter: `(instr(${fold}(s.display_name), ?) > 0 OR instr(${fold}(s.page_title), ?) > 0)`,
      params: [folded, folded],
      test: (row) => row.display_name.toLowerCase().includes(folded) || row.page_title.toLowerCase().includes(folded),
    }
    : {
      rowIds: (db, cap) => match(db, ftsPhrase(search), cap),
      // The unary + keeps SQLite from driving a walk from the row_id set: the order's index leads,
      // and the set, built once, is probed with the row_id every index entry carries.
      filter: '+s.row_id IN (SELECT rowid FROM subject_search WHERE subject_search MATCH ?)',
      params: [ftsPhrase(search)],
    };
  const id = range && {
    rowIds: (db, cap) => db.prepare('SELECT row_id FROM subject_index WHERE subject_id >= ? AND subject_id < ? LIMIT ?').pluck().all(...range, cap),
    // Unary +: a walk must not turn into a read of the ID range and a sort of all of it.
    filter: '(+s.subject_id >= ? AND +s.subject_id < ?)',
    params: range,
    range,
    test: (row) => row.subject_id >= range[0] && row.subject_id < range[1],
  };
  return [name, id].filter(Boolean);
}

/**
 * One keyset page of Subjects: `{rows: [{...IndexedSubject, sortKey}], timedOut}`. `after` is
 * `{key, id}` or null. A short search first tests the first `shortWindowRows` rows of the order. Then a
 * search collects its candidates from its parts; up to `sortedCandidates` are sorted directly, more
 * mean the order's index is walked with the parts as a filter. The search stops with `timedOut`
 * once `timeoutMs` have passed.
 */
export function listSubjects(db, { sort, direction, schema, search, after, limit, includeDependent, timeoutMs },
  { sortedCandidates = SORTED_CANDIDATES, shortWindowRows = SHORT_WINDOW_ROWS, deadlineEvery = DEADLINE_EVERY } = {}) {
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

  if (search == null || search === '') {
    return { rows: db.prepare(select(FROM_ROWS, [])).all(...params, limit).map(toRow), timedOut: false };
  }
  const deadline = Date.now() + timeoutMs;
  // A part that selects nothing (the name half of a pasted ID, mostly) is left out of the walk's
  // filter, which tests every index entry it passes; a search nothing matches answers at once.
  const parts = searchParts(search).filter((part) => part.rowIds(db, 1)?.length !== 0);
  if (parts.length === 0) return { rows: [], timedOut: false };
  const short = [...search].length < SUBSTRING_MIN_CHARS;
  const timeColumn = parts.length === 1 && parts[0].range ? TIME_COLUMNS[key] : undefined;
  defineFunctions(db);
  const matches = `(${parts.map((part) => part.filter).join(' OR ')})`;
  const matchParams = parts.flatMap((part) => part.params);
  if ((short || timeColumn) && shortWindowRows > 0) {
    // The first rows of the order, tested as they come: a common search stops after its page. Fewer
    // matches than `limit` leave the answer to the paths below, which see the whole list.
    const window = db.prepare(`SELECT s.row_id, s.subject_id, s.display_name, s.page_title FROM subject_index s
      WHERE ${where.join(' AND ') || '1'} ${order}`);
    const ids = [];
    for (const row of window.iterate(...params, shortWindowRows)) {
      if (parts.some((part) => part.test(row)) && ids.push(row.row_id) === limit) break;
    }
    if (ids.length === limit) {
      const rows = db.prepare(select('json_each(?) c CROSS JOIN subject_index s ON s.row_id = c.value JOIN page p ON p.id = s.page_id', []))
        .all(JSON.stringify(ids), ...params, limit);
      return { rows: rows.map(toRow), timedOut: false };
    }
  }
  const candidates = searchCandidates(db, parts, sortedCandidates);
  if (candidates === null) {
    // The order's index walked with the search as a filter, reading nothing but the index (row_id,
    // key, subject_id): only the page of rows found is then joined with the table and its pages.
    const beforeDeadline = `(s.row_id % ${Number(deadlineEvery)} != 0 OR strata_before_deadline(?))`;
    const start = timeColumn ? timeBound(db, timeColumn, parts[0].range, desc) : { where: [], params: [] };
    if (start === null) return { rows: [], timedOut: false };
    const walk = `SELECT s.row_id FROM subject_index s WHERE ${[...where, ...start.where, beforeDeadline, matches].join(' AND ')} ${order}`;
    try {
      const found = db.prepare(select(`(${walk}) top CROSS JOIN subject_index s ON s.row_id = top.row_id JOIN page p ON p.id = s.page_id`, []))
        .all(...params, ...start.params, deadline, ...matchParams, limit, ...params, limit);
      return { rows: found.map(toRow), timedOut: false };
    } catch (error) {
      if (error instanceof SearchTimeout) return { rows: [], timedOut: true };
      throw error;
    }
  }
  if (Date.now() >= deadline) return { rows: [], timedOut: true };
  // CROSS JOIN makes SQLite read the candidates first and sort them, not walk an index past them;
  // only the page of rows kept is then joined with its page.
  const top = `SELECT s.row_id FROM json_each(?) c CROSS JOIN subject_index s ON s.row_id = c.value
    WHERE ${where.join(' AND ') || '1'} ${order}`;
  const rows = db.prepare(select(`(${top}) top CROSS JOIN subject_index s ON s.row_id = top.row_id JOIN page p ON p.id = s.page_id`, []))
    .all(JSON.stringify(candidates), ...params, limit, ...params, limit);
  return { rows: rows.map(toRow), timedOut: false };
}

// The time orders: an ID prefix's Subjects lie together in them, since minted IDs start with their
// creation time, and may lie far along the order.
const TIME_COLUMNS = { [SORT_COLUMNS.newest]: 'created_at', [SORT_COLUMNS.edited]: 'edited_at' };

/**
 * Where a walk of a time order may start for the Subjects of an ID range: at the newest (oldest, for
 * `asc`) of their times, read from `list_id_time` without the table (about 50 ns a Subject), so the
 * walk does not pass every newer Subject first. No bound without that index (a bulk import defers
 * it: deferred-indexes.js); null when the range holds no Subject.
 */
function timeBound(db, column, range, desc) {
  if (!db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'list_id_time'").get()) return { where: [], params: [] };
  const bound = db.prepare(`SELECT ${desc ? 'max' : 'min'}(${column}) FROM subject_index INDEXED BY list_id_time
    WHERE subject_id >= ? AND subject_id < ?`).pluck().get(...range);
  return bound === null ? null : { where: [`s.${column} ${desc ? '<=' : '>='} ?`], params: [bound] };
}

const withFunctions = new WeakSet();

// `strata_before_deadline` fails once its argument (a time in ms) has passed: evaluated as a walk
// goes, it stops a search that runs too long, as a progress handler would. `strata_fold` is Unicode
// lower case, as the trigram tokenizer folds, for a walk's test of a short non-ASCII search.
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
function searchCandidates(db, parts, cap) {
  const found = new Set();
  for (const part of parts) {
    const ids = part.rowIds(db, cap + 1);
    if (ids === null) return null;
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
