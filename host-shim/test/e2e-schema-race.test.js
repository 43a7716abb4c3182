// A Subject write commits only against the Schema revision it was checked against, on the reference
// host or on the wiki STRATA_E2E_URL names (test-support/target.js). The test-only seam
// `testHoldSavesFile` (platform/storage/held-saves.js; MediaWiki's `$wgStrataTestHoldSavesFile`)
// holds the write after its checks, before its transaction, while the test saves the Schema: the
// host finds the Schema changed inside the write's transaction, writes nothing and answers
// `edit-conflict`, and the core plans the write again against the new Schema, which under
// enforcement refuses it (422). Without a Schema save in between, the same write is saved.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { hostName, skipUnless, Target, unique } from '../test-support/target.js';

const folder = mkdtempSync(join(tmpdir(), 'strata-schema-race-'));
chmodSync(folder, 0o777); // the web server's user creates the `.held` file here
const hold = join(folder, 'hold');
const BOX = unique('Box');

let target;
let alice;
before(async () => {
  target = await Target.start({ settings: { enforceValidation: true, testHoldSavesFile: hold } });
  alice = await target.client('Alice');
});
after(async () => {
  rmSync(folder, { recursive: true, force: true });
  await target?.remove();
});

const schema = (min) => ({ propertyDefinitions: { Size: { type: 'number', minimum: { value: min, severity: 'error' } } } });
const size = (value) => ({ propertyType: 'number', value });

/** Resolves once a held save waits (`.held` exists), within 30 s. */
async function held() {
  for (const start = Date.now(); !existsSync(`${hold}.held`); await sleep(20)) {
    if (Date.now() - start > 30_000) throw new Error('no save was held');
  }
}

test(`a Schema saved between a Subject write's checks and its commit makes the write plan again (${hostName})`, { skip: skipUnless({ settings: true }), timeout: 120_000 }, async () => {
  const created = await alice.rest('PUT', `${V0}/schema/${BOX}`, { body: { schema: schema(1) } });
  assert.equal(created.status, 201, created.text);
  const subject = await alice.rest('POST', `${V0}/subjects`, { body: { schema: BOX, pageTitle: unique('Box'), statements: { Size: size(5) } } });
  assert.equal(subject.status, 201, subject.text);
  const path = `${V0}/subject/${subject.json.subject.id}`;
  const stored = async () => (await alice.rest('GET', path)).json.subjects[subject.json.subject.id].statements.Size.value;

  const cases = [
    { name: 'unchanged: saved', schemaBetween: null, value: 2, status: 200, stored: 2 },
    { name: 'changed to refuse it: 422, nothing written', schemaBetween: schema(2), value: 1, status: 422, stored: 2 },
  ];
  for (const c of cases) {
    writeFileSync(hold, '');
    const write = alice.rest('PUT', path, { body: { statements: { Size: size(c.value) } } });
    await held();
    if (c.schemaBetween) {
      // A Schema save carries no Schema revisions to check, so the seam does not hold it.
      const changed = await alice.rest('PUT', `${V0}/schema/${BOX}`, { body: { schema: c.schemaBetween } });
      assert.equal(changed.status, 200, changed.text);
    }
    rmSync(hold);
    const answer = await write;
    assert.equal(answer.status, c.status, `${c.name}: ${answer.text}`);
    if (c.status === 422) assert.equal(answer.json.errorType, 'validation-failed', answer.text);
    assert.equal(await stored(), c.stored, c.name);
  }
});
