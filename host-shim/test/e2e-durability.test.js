// SIGKILL during an import and during a stream of REST writes, then a restart on the same data:
// every acknowledged write is there, every page's latest revision is whole (its Subject slot parses
// and its index rows match it) and SQLite's integrity check passes. The stream of REST writes also
// runs against the wiki STRATA_E2E_URL names (test-support/target.js; MediaWiki: Apache killed with
// SIGKILL), checked through the API; the import is the reference host's own command.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { external, hostName, skipUnless, Target, unique } from '../test-support/target.js';
import { CLI, Wiki } from '../test-support/wiki-process.js';

const PAGES = 400;
const ITEM = { propertyDefinitions: { N: { type: 'number' } } };
const itemSlot = (n) => JSON.stringify({ mainSubject: `s1item${String(n).padStart(8, '0')}z`, subjects: {
  [`s1item${String(n).padStart(8, '0')}z`]: { schema: 'Item', label: `Item ${n}`, statements: { N: { propertyType: 'number', value: n } } },
} });

let wiki;
before(async () => {
  wiki = new Wiki();
  await wiki.user('Alice', 'alice password');
});
after(() => wiki.remove());

/** Problems with the stored pages: a latest revision that is missing, does not parse, or disagrees with the index. */
function wholeness(wiki, { checkIndex }) {
  return wiki.inspect((db) => {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    assert.deepEqual(db.pragma('foreign_key_check'), []);
    const problems = [];
    const pages = db.prepare('SELECT p.id, p.title, r.id AS revision, r.page_id, r.subject_slot FROM page p LEFT JOIN revision r ON r.id = p.latest_revision_id').all();
    const indexed = db.prepare('SELECT subject_id FROM subject_index WHERE page_id = ? ORDER BY subject_id').pluck();
    for (const page of pages) {
      if (page.revision === null || page.page_id !== page.id) problems.push(`${page.title}: latest revision missing`);
      if (page.subject_slot === null) continue;
      let content;
      try {
        content = JSON.parse(page.subject_slot);
      } catch {
        problems.push(`${page.title}: Subject slot does not parse`);
        continue;
      }
      if (checkIndex(page) && JSON.stringify(Object.keys(content.subjects ?? {}).sort()) !== JSON.stringify(indexed.all(page.id))) {
        problems.push(`${page.title}: index rows do not match the Subject slot`);
      }
    }
    return problems;
  });
}

test('SIGKILL during an import', { timeout: 120_000, skip: skipUnless({ missing: "the reference host's import command (MediaWiki's importFolder.php is tested in tests/mediawiki)" }) }, async () => {
  const folder = join(wiki.dir, 'import');
  mkdirSync(join(folder, 'Schema'), { recursive: true });
  mkdirSync(join(folder, 'Subject'));
  writeFileSync(join(folder, 'Schema', 'Item.json'), JSON.stringify(ITEM));
  for (let n = 0; n < PAGES; n += 1) writeFileSync(join(folder, 'Subject', `Item_${String(n).padStart(4, '0')}.json`), itemSlot(n));

  await wiki.start();
  const importer = spawn(process.execPath, [CLI, 'import', folder, '--config', wiki.configFile], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => importer.once('exit', (code, signal) => resolve({ code, signal })));
  let stdout = '';
  const reported = () => [...stdout.matchAll(/^(?:created|updated|unchanged) +(Item \d+)$/gm)].map((m) => m[1]);
  await new Promise((resolve) => {
    importer.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (reported().length >= 50) resolve();
    });
    exited.then(resolve);
  });
  importer.kill('SIGKILL');
  const serverOutcome = await wiki.stop('SIGKILL');
  assert.deepEqual(await exited, { code: null, signal: 'SIGKILL' }, 'the import was still running when killed');
  assert.equal(serverOutcome.signal, 'SIGKILL');
  const acknowledged = reported();
  assert.ok(acknowledged.length >= 50 && acknowledged.length < PAGES, `${acknowledged.length} pages reported`);

  await wiki.start();
  const slot = (title) => wiki.inspect((db) => db.prepare(
    'SELECT r.subject_slot FROM page p JOIN revision r ON r.id = p.latest_revision_id WHERE p.namespace = 0 AND p.title = ?',
  ).pluck().get(title));
  for (const title of acknowledged) {
    assert.deepEqual(JSON.parse(slot(title)).subjects, JSON.parse(itemSlot(Number(title.slice(5)))).subjects, title);
  }
  // Pages of the import are indexed when it goes through the core (which the Schema's import shows).
  const throughCore = /^created +Schema:Item$/m.test(stdout);
  assert.deepEqual(wholeness(wiki, { checkIndex: (page) => throughCore || !page.title.startsWith('Item ') }), []);
  await wiki.stop();
});

test(`SIGKILL of the web server during a stream of REST writes (${hostName})`, { timeout: 300_000, skip: skipUnless({ crash: true }) }, async () => {
  const target = await Target.start();
  try {
    const item = unique('Item');
    const alice = await target.client('Alice');
    assert.equal((await alice.rest('PUT', `${V0}/schema/${item}`, { body: { schema: ITEM } })).status, 201);
    const stream = unique('Stream');
    const acknowledged = new Map(); // Subject ID -> highest acknowledged N
    const ids = await Promise.all([0, 1, 2, 3, 4, 5].map(async (w) => {
      const created = await alice.rest('POST', `${V0}/subjects`, { body: { schema: item, pageTitle: `${stream} ${w}`, statements: {} } });
      assert.equal(created.status, 201, created.text);
      return created.json.subjectId;
    }));
    const killed = { now: false };
    const writer = async (w) => {
      const id = ids[w];
      for (let n = 0; !killed.now; n += 1) {
        const statements = { N: { propertyType: 'number', value: n } };
        try {
          const answer = await alice.rest('PUT', `${V0}/subject/${id}`, { body: { statements } });
          if (answer.status >= 500) throw new Error(`${answer.status} ${answer.text}`);
          if (answer.status < 300) acknowledged.set(id, n);
        } catch (error) {
          if (killed.now) return; // cut off mid-request: never acknowledged
          throw error;
        }
        if ([...acknowledged.values()].reduce((a, b) => a + b + 1, 0) >= 200 && !killed.now) {
          killed.now = true;
          await target.crash();
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    assert.equal(acknowledged.size, 6);

    const reader = await target.client('Alice');
    let onPages = 0;
    for (const [id, n] of acknowledged) {
      const read = await reader.rest('GET', `${V0}/subject/${id}?expand=page`);
      assert.equal(read.status, 200, id);
      const subject = read.json.subjects[id];
      assert.ok(subject.statements.N.value >= n, `${id}: stored ${subject.statements.N.value}, acknowledged ${n}`);
      // The page holds exactly the Subjects the index places on it.
      const page = (await reader.rest('GET', `${V0}/page/${subject.pageId}/subjects`)).json.subjects;
      assert.deepEqual(Object.keys(page), [id], `${subject.pageTitle}: the page and the index disagree`);
      onPages += 1;
    }
    assert.equal((await reader.rest('GET', `${V0}/subject-counts`)).json.counts[item], onPages, 'the index counts what the pages hold');
    if (!external) assert.deepEqual(wholeness(target.wiki, { checkIndex: (page) => page.title.startsWith(stream) }), []);
  } finally {
    await target.remove();
  }
});
