// Two clients, each with 50 requests in flight at once, add Subjects to one page: every acknowledged
// Subject is on the page afterwards, and a refused one (409 edit-conflict once the retries are spent,
// counted and printed) left nothing behind.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { Wiki } from '../test-support/wiki-process.js';

const WRITERS = 50;

let wiki;
let clients;
before(async () => {
  wiki = new Wiki();
  await wiki.user('Alice', 'alice password');
  await wiki.user('Bob', 'bob password', ['bot']);
  const bot = await wiki.botPassword('Bob', 'loader', ['read', 'edit', 'createpage', 'bot']);
  await wiki.start();
  clients = [await wiki.client('Alice', 'alice password'), await wiki.client(bot.loginName, bot.password)];
});
after(() => wiki.remove());

test(`2 × ${WRITERS} parallel writers adding Subjects to one page lose nothing`, { timeout: 120_000 }, async () => {
  const [alice] = clients;
  await alice.rest('PUT', `${V0}/schema/Item`, { body: { schema: { propertyDefinitions: { N: { type: 'number' } } } } });
  const page = await alice.rest('POST', `${V0}/subjects`, { body: { schema: 'Item', pageTitle: 'Crowded', statements: {} } });
  const { pageId, id: mainId } = page.json.subject;
  const ids = (await alice.rest('POST', `${V0}/subject-ids`, { body: { count: 2 * WRITERS } })).json.subjectIds;

  const answers = await Promise.all(clients.flatMap((client, c) => Array.from({ length: WRITERS }, (_, i) => {
    const id = ids[c * WRITERS + i];
    const body = { schema: 'Item', id, label: `Item ${c}-${i}`, statements: { N: { propertyType: 'number', value: i } } };
    return client.rest('POST', `${V0}/page/${pageId}/subjects`, { body }).then((answer) => ({ id, answer }));
  })));

  const statuses = {};
  for (const { answer } of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const acknowledged = answers.filter(({ answer }) => answer.status === 201).map(({ id }) => id);
  const conflicts = answers.filter(({ answer }) => answer.status === 409);
  for (const { answer } of conflicts) assert.equal(answer.json.errorType, 'edit-conflict', answer.text);
  assert.equal(acknowledged.length + conflicts.length, 2 * WRITERS, `statuses: ${JSON.stringify(statuses)}`);
  console.log(`# concurrency: ${acknowledged.length} acknowledged, ${conflicts.length} refused with 409 edit-conflict`);

  const stored = (await alice.rest('GET', `${V0}/page/${pageId}/subjects`)).json.subjects;
  const lost = acknowledged.filter((id) => !(id in stored));
  assert.deepEqual(lost, [], 'acknowledged Subjects missing from the page');
  assert.deepEqual(conflicts.map(({ id }) => id).filter((id) => id in stored), [], 'a refused write left its Subject behind');
  assert.deepEqual(Object.keys(stored).sort(), [mainId, ...acknowledged].sort());

  // The index agrees with the page: one row per Subject, all on this page.
  const indexed = wiki.inspect((db) => db.prepare('SELECT subject_id FROM subject_index WHERE page_id = ?').pluck().all(pageId));
  assert.deepEqual(indexed.sort(), Object.keys(stored).sort());
});
