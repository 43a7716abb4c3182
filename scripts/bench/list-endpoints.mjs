// The list endpoints a scale run times, shared by lists.mjs (the reference host, in-process) and
// mediawiki-lists.mjs (MediaWiki, over HTTP): the requests, the Layouts and Mappings of the generated
// Schemas they read, and the timed passes with their p50 and p99.
import { GENERATED_SCHEMAS, subjectId } from '../../host-shim/platform/generate.js';

const SAMPLES = 200;

/** The Layouts of the generated Schemas: a card and a table Layout each, `{title, text}`. */
export const LAYOUTS = Object.keys(GENERATED_SCHEMAS).flatMap((schema) => ['card', 'table'].map((type) => ({
  title: `${schema} ${type}`, text: JSON.stringify({ schema, type, settings: { properties: ['Summary', 'Status'] } }),
})));

/** One Mapping per generated Schema, `{title, text}`. */
export const MAPPINGS = Object.keys(GENERATED_SCHEMAS).map((schema) => ({
  title: `${schema} to schema.org`,
  text: JSON.stringify({ version: 1, schema, target: 'schemaorg', prefixes: { schema: 'https://schema.org/' },
    subject: { class: 'schema:Thing' }, properties: { Summary: { predicate: 'schema:description' } } }),
}));

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `[name, (i) => [path, query]]` of every list endpoint on a generated wiki of `subjects` Subjects.
 * `call(path, query)` answers the body of a 200 (for the cursors); `pageIds` are some Subject pages.
 */
export async function listEndpoints({ call, subjects, pageIds }) {
  // A cursor in the middle of each order, so keyset pages start deep in the index.
  const middle = async (query) => (await call('/subjects', { ...query, limit: '50' })).nextCursor;
  const words = ['Berger', 'Vienna', 'Lab', 'nna', 'Gd', 'Toolkit Pil'];
  const shortWords = ['e', 'an', 'Ü', 'gd', 'ía', 'K', 'qx', 'ø'];
  const someId = (i) => subjectId((i * 7919) % subjects);
  return [
    ['subjects newest', () => ['/subjects', { limit: '50' }]],
    ...await Promise.all(['name', 'schema', 'page', 'edited'].flatMap((sort) => ['asc', 'desc'].map(async (direction) => {
      const cursor = await middle({ sort, direction });
      return [`subjects ${sort} ${direction}`, () => ['/subjects', { sort, direction, limit: '50', cursor }]];
    }))),
    ['subjects schema=Person name', () => ['/subjects', { schema: 'Person', sort: 'name', limit: '50' }]],
    ['subjects search', (i) => ['/subjects', { search: words[i % words.length], sort: 'name', limit: '50' }]],
    // One and two characters, a substring of name or title like any search: common ones (a walk of the
    // order's index) and rare or absent ones (a range of the trigram index, docs/lists.md).
    ['subjects short search', (i) => ['/subjects', { search: shortWords[i % shortWords.length], sort: 'name', limit: '50' }]],
    // A pasted partial ID: generated IDs count up, so 14 of 15 characters match 62 Subjects, as a
    // minted ID's first 12 (time and part of the random digits) match about one.
    ['subjects search ID prefix', (i) => ['/subjects', { search: someId(i).slice(0, 14), limit: '50' }]],
    // The worst case known: an ID prefix shared by a quarter of the wiki, its Subjects all older than
    // the rest, so the newest-first walk passes every newer Subject first (docs/lists.md).
    ['subjects search wide ID prefix', (i) => ['/subjects', { search: someId(i).slice(0, 12), limit: '50' }]],
    ['recently-edited-subjects', () => ['/recently-edited-subjects', { limit: '50' }]],
    ['subject-counts', () => ['/subject-counts', {}]],
    ['subject-labels', (i) => ['/subject-labels', { search: words[i % 3].slice(0, 3), schema: 'Person|Place', limit: '50' }]],
    ['referencingSubjects', (i) => [`/subject/${someId(i)}/referencingSubjects`, { limit: '50' }]],
    ['editNotices', (i) => [`/page/${pageIds[i % pageIds.length]}/editNotices`, { schema: 'Person' }]],
    ['layouts', () => ['/layouts', { limit: '50' }]],
    ['layout/{name}', (i) => [`/layout/${encodeURIComponent(LAYOUTS[i % LAYOUTS.length].title)}`, {}]],
    ['mappings', () => ['/mappings', { limit: '50' }]],
  ];
}

/**
 * Times each endpoint whose name matches `only` (a RegExp, or null for all) and prints one line per
 * endpoint, `<label>: <name> p50 .. ms  p99 .. ms  (cold pass: slowest .. ms)`, and when some answered
 * 503 searchTimeout, how many and their own p50 and slowest time (the budget plus what the request
 * costs around the search). `send(path, query)` makes one request and answers true for a 200, false
 * for a 503 searchTimeout; both are timed.
 */
export async function timeEndpoints(endpoints, { send, label, only = null }) {
  const pass = async (request) => {
    const times = [];
    const refusedTimes = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const [path, query] = request(i);
      const t = process.hrtime.bigint();
      const answered = await send(path, query);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      times.push(ms);
      if (!answered) refusedTimes.push(ms);
    }
    const sorted = (list) => list.sort((a, b) => a - b);
    return { times: sorted(times), refused: sorted(refusedTimes) };
  };
  for (const [name, request] of endpoints.filter(([n]) => !only || only.test(n))) {
    // A first, untimed pass brings the pages each request reads into the caches, as on a server that
    // has been answering for a while; its slowest request is printed as the cold figure.
    const cold = await pass(request);
    const { times, refused } = await pass(request);
    const note = refused.length
      ? `; ${refused.length} of ${SAMPLES} answered 503 searchTimeout, p50 ${percentile(refused, 50).toFixed(1)} ms, slowest ${refused.at(-1).toFixed(1)} ms`
      : '';
    const coldNote = cold.refused.length ? `, ${cold.refused.length} answered 503` : '';
    console.log(`${label}: ${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (cold pass: slowest ${cold.times.at(-1).toFixed(0)} ms${coldNote}${note})`);
  }
}
