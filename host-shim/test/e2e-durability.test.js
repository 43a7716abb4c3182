// SIGKILL during an import and during a stream of REST writes, then a restart on the same data:
// every acknowledged write is there, every page's latest revision is whole (its Subject slot parses
// and its index rows match it) and SQLite's integrity check passes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
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
function wholeness({ checkIndex }) {
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

test('SIGKILL during an import', { timeout: 120_000 }, async () => {
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
  assert.deepEqual(wholeness({ checkIndex: (page) => throughCore || !page.title.startsWith('Item ') }), []);
  await wiki.stop();
});

test('SIGKILL during a stream of REST writes', { timeout: 120_000 }, async () => {
  await wiki.start();
  const alice = await wiki.client('Alice', 'alice password');
  await alice.rest('PUT', `${V0}/schema/Item`, { body: { schema: ITEM } });
  const acknowledged = new Map(); // Subject ID -> highest acknowledged N
  const killed = { now: false };
  const writer = async (w) => {
    let id = null;
    for (let n = 0; !killed.now; n += 1) {
      const statements = { N: { propertyType: 'number', value: n } };
      try {
        const answer = id === null
          ? await alice.rest('POST', `${V0}/subjects`, { body: { schema: 'Item', pageTitle: `Stream ${w}`, statements } })
          : await alice.rest('PUT', `${V0}/subject/${id}`, { body: { statements } });
        if (answer.status >= 500) throw new Error(`${answer.status} ${answer.text}`);
        if (answer.status < 300) {
          id = answer.json.subjectId;
          acknowledged.set(id, n);
        }
      } catch (error) {
        if (killed.now) return; // cut off mid-request: never acknowledged
        throw error;
      }
      if ([...acknowledged.values()].reduce((a, b) => a + b + 1, 0) >= 200 && !killed.now) {
        killed.now = true;
        await wiki.stop('SIGKILL');
      }
    }
  };
  await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
  assert.equal(acknowledged.size, 6);

  await wiki.start();
  const reader = await wiki.client('Alice', 'alice password');
  for (const [id, n] of acknowledged) {
    const read = await reader.rest('GET', `${V0}/subject/${id}`);
    assert.equal(read.status, 200, id);
    assert.ok(read.json.subjects[id].statements.N.value >= n, `${id}: stored ${read.json.subjects[id].statements.N.value}, acknowledged ${n}`);
  }
  assert.deepEqual(wholeness({ checkIndex: (page) => page.title.startsWith('Stream ') }), []);
  await wiki.stop();
});
