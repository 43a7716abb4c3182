// 100 parallel writers (two clients, each with 50 requests in flight at once) add Subjects to one page,
// on the reference host or on the wiki STRATA_E2E_URL names (test-support/target.js): every
// acknowledged Subject is on the page afterwards, and a refused one (409 edit-conflict once the
// retries are spent, counted and printed) left nothing behind. The index agrees with the page, as the
// API shows it: each Subject on the page is found by its ID on this page, a refused one is not, and the
// Schema's Subject count is the number on the page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { hostName, Target, unique } from '../test-support/target.js';

const WRITERS = 50;
const ITEM = unique('Item');

let target;
let clients;
before(async () => {
  target = await Target.start();
  clients = [await target.client('Alice'), await target.client('Bob', ['bot'])];
});
after(() => target.remove());

test(`2 × ${WRITERS} parallel writers adding Subjects to one page lose nothing (${hostName})`, { timeout: 300_000 }, async () => {
  const [alice] = clients;
  const schema = await alice.rest('PUT', `${V0}/schema/${ITEM}`, { body: { schema: { propertyDefinitions: { N: { type: 'number' } } } } });
  assert.equal(schema.status, 201, schema.text);
  const page = await alice.rest('POST', `${V0}/subjects`, { body: { schema: ITEM, pageTitle: unique('Crowded'), statements: {} } });
  assert.equal(page.status, 201, page.text);
  const { pageId, id: mainId } = page.json.subject;
  const ids = (await alice.rest('POST', `${V0}/subject-ids`, { body: { count: 2 * WRITERS } })).json.subjectIds;

  const answers = await Promise.all(clients.flatMap((client, c) => Array.from({ length: WRITERS }, (_, i) => {
    const id = ids[c * WRITERS + i];
    const body = { schema: ITEM, id, label: `Item ${c}-${i}`, statements: { N: { propertyType: 'number', value: i } } };
    return client.rest('POST', `${V0}/page/${pageId}/subjects`, { body }).then((answer) => ({ id, answer }));
  })));

  const statuses = {};
  for (const { answer } of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const acknowledged = answers.filter(({ answer }) => answer.status === 201).map(({ id }) => id);
  const conflicts = answers.filter(({ answer }) => answer.status === 409);
  for (const { answer } of conflicts) assert.equal(answer.json.errorType, 'edit-conflict', answer.text);
  assert.equal(acknowledged.length + conflicts.length, 2 * WRITERS, `statuses: ${JSON.stringify(statuses)}`);
  console.log(`# concurrency on ${hostName}: ${acknowledged.length} acknowledged, ${conflicts.length} refused with 409 edit-conflict`);

  const stored = (await alice.rest('GET', `${V0}/page/${pageId}/subjects`)).json.subjects;
  const lost = acknowledged.filter((id) => !(id in stored));
  assert.deepEqual(lost, [], 'acknowledged Subjects missing from the page');
  assert.deepEqual(conflicts.map(({ id }) => id).filter((id) => id in stored), [], 'a refused write left its Subject behind');
  assert.deepEqual(Object.keys(stored).sort(), [mainId, ...acknowledged].sort());

  for (const id of Object.keys(stored)) {
    const read = await alice.rest('GET', `${V0}/subject/${id}?expand=page`);
    assert.equal(read.status, 200, `${id} is on the page but not in the index: ${read.text}`);
    assert.equal(read.json.subjects[id].pageId, pageId, id);
  }
  for (const { id } of conflicts) assert.equal((await alice.rest('GET', `${V0}/subject/${id}`)).status, 404, `${id} was refused but is indexed`);
  const counts = (await alice.rest('GET', `${V0}/subject-counts`)).json.counts;
  assert.equal(counts[ITEM], Object.keys(stored).length, 'the index counts the Subjects on the page');
});
