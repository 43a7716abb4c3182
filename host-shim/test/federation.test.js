// Subject sources between two reference wikis on loopback, each registering the other (docs/federation.md):
// relations across wikis are validated, read, listed and exported; alpha requires login and beta reads it
// with a bot password; alpha stopped mid-test, and sources that are slow, fail, answer 10 MB, redirect
// or answer garbage, never fail a save on beta and make the direct read answer 502 or 504.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { Parser } from 'n3';
import { FakeSources } from '../test-support/fake-sources.js';
import { V0 } from '../test-support/rest-client.js';
import { Wiki } from '../test-support/wiki-process.js';

const PERSON = { propertyDefinitions: { Name: { type: 'text' } } };
const EMPLOYEE = { propertyDefinitions: { Knows: { type: 'relation', targetSchemas: [{ source: 'alpha', name: 'Person' }], multiple: true } } };
const MISSING = 's1nosuchaaaaaa1';
const knows = (...targets) => ({ Knows: { propertyType: 'relation', value: targets.map((target) => ({ target })) } });
const codes = (body) => body.violations.map((v) => [v.code, v.args[0]]);

describe('two reference wikis registering each other', () => {
  const alpha = new Wiki({ sourceKey: 'alpha', rdfBaseUri: 'https://alpha.example', loginRequired: true });
  let beta;
  let fake;
  let alphaSam;
  let betaSam;
  let ada;
  let grace;

  const rewrite = (wiki, change) => writeFileSync(wiki.configFile, JSON.stringify(change(JSON.parse(readFileSync(wiki.configFile, 'utf8')))));

  before(async () => {
    fake = await new FakeSources().start();
    await alpha.user('Sam', 'sysop password', ['sysop']);
    await alpha.user('Reader', 'reader password');
    const bot = await alpha.botPassword('Reader', 'federation');
    await alpha.start();
    const patient = { timeoutMs: 30000 };
    beta = new Wiki({
      sourceKey: 'beta',
      rdfBaseUri: 'https://beta.example',
      sources: {
        // Generous: a loaded machine must not turn alpha's answers into timeouts.
        alpha: { baseUrl: `${alpha.url}/rest.php`, rdfBaseUri: 'https://alpha.example', botUser: bot.loginName, botPassword: bot.password, timeoutMs: 30000 },
        slow: fake.source('slow', { timeoutMs: 300 }),
        broken: fake.source('broken', patient),
        big: fake.source('big', patient),
        moved: fake.source('moved', patient),
        garbage: fake.source('garbage', patient),
      },
    });
    await beta.user('Sam', 'sysop password', ['sysop']);
    await beta.start();
    // alpha learns beta's address: restarted on the port it had.
    await alpha.stop();
    rewrite(alpha, (c) => ({ ...c, listen: alpha.url.replace('http://', ''), sources: { beta: { baseUrl: `${beta.url}/rest.php`, rdfBaseUri: 'https://beta.example', timeoutMs: 30000 } } }));
    await alpha.start();
    alphaSam = await alpha.client('Sam', 'sysop password');
    betaSam = await beta.client('Sam', 'sysop password');
    assert.equal((await alphaSam.rest('PUT', `${V0}/schema/Person`, { body: { schema: PERSON } })).status, 201);
    const made = [];
    for (const name of ['Ada', 'Grace']) {
      const answer = await alphaSam.rest('POST', `${V0}/subjects`, { body: { schema: 'Person', label: name, statements: {} } });
      assert.equal(answer.status, 201, answer.text);
      made.push(answer.json.subject.id);
    }
    [ada, grace] = made;
    assert.equal((await betaSam.rest('PUT', `${V0}/schema/Employee`, { body: { schema: EMPLOYEE } })).status, 201);
  });

  after(async () => {
    await alpha.remove();
    await beta?.remove();
    await fake.stop();
  });

  test('relations to alpha are validated by alpha, read with its bot password, listed and exported with its IRIs', async () => {
    const checked = await betaSam.rest('POST', `${V0}/subject/validate`, { body: { schema: 'Employee', label: 'E', statements: knows(`alpha:${ada}`, `alpha:${MISSING}`, `ghost:${MISSING}`) } });
    assert.equal(checked.status, 200, checked.text);
    assert.deepEqual(codes(checked.json), [['relation-target-not-found', `alpha:${MISSING}`], ['relation-target-unresolvable-source', `ghost:${MISSING}`]]);

    const made = await betaSam.rest('POST', `${V0}/subjects`, { body: { schema: 'Employee', label: 'Bob', statements: knows(`alpha:${ada}`) } });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(made.json.violations, []);
    const bob = made.json.subject.id;

    const read = await betaSam.rest('GET', `${V0}/subject/alpha:${ada}`);
    assert.equal(read.status, 200, read.text);
    const foreign = read.json.subjects[`alpha:${ada}`];
    assert.deepEqual([foreign.id, foreign.source, foreign.displayName, foreign.schema], [`alpha:${ada}`, 'alpha', 'Ada', { source: 'alpha', name: 'Person' }]);
    const anonymous = await fetch(`${alpha.url}${V0}/subject/${ada}`);
    assert.equal(anonymous.status, 403, 'alpha itself refuses anonymous readers: beta read it with its bot password');

    const expanded = await betaSam.rest('GET', `${V0}/subject/${bob}?expand=relations`);
    assert.equal(expanded.json.subjects[`alpha:${ada}`].displayName, 'Ada', expanded.text);
    const listed = await betaSam.rest('GET', `${V0}/subject/alpha:${ada}/referencingSubjects`);
    assert.deepEqual(listed.json.referencingSubjects.map((r) => r.subject.id), [bob], listed.text);

    const turtle = await betaSam.rest('GET', `${V0}/subject/${bob}/rdf?format=turtle`);
    const quads = new Parser({ format: 'text/turtle' }).parse(turtle.text);
    const toAda = quads.filter((q) => q.object.value === `https://alpha.example/entity/${ada}`);
    assert.equal(toAda.length, 2, `direct and reified layers name alpha's own IRI: ${turtle.text}`);

    // And the other way: alpha validates relations to beta's Subjects against beta.
    const team = { propertyDefinitions: { Member: { type: 'relation', targetSchemas: [{ source: 'beta', name: 'Employee' }], multiple: true } } };
    assert.equal((await alphaSam.rest('PUT', `${V0}/schema/Team`, { body: { schema: team } })).status, 201);
    const member = (...targets) => ({ Member: knows(...targets).Knows });
    const back = await alphaSam.rest('POST', `${V0}/subject/validate`, { body: { schema: 'Team', label: 'T', statements: member(`beta:${bob}`, `beta:${MISSING}`) } });
    assert.deepEqual(codes(back.json), [['relation-target-not-found', `beta:${MISSING}`]], back.text);
    const missingBack = await alphaSam.rest('GET', `${V0}/subject/beta:${MISSING}`);
    assert.equal(missingBack.status, 404, missingBack.text);
  });

  test('misbehaving sources never fail a save; the direct read answers 502 or 504', async () => {
    const targets = ['slow', 'broken', 'big', 'moved', 'garbage'].map((source) => `${source}:${MISSING}`);
    for (const target of targets) {
      const made = await betaSam.rest('POST', `${V0}/subjects`, { body: { schema: 'Employee', label: `Knows ${target}`, statements: knows(target) } });
      assert.equal(made.status, 201, made.text);
      assert.deepEqual(codes(made.json), [['relation-target-unavailable', target]]);
    }
    const statuses = {};
    for (const target of targets) {
      const read = await betaSam.rest('GET', `${V0}/subject/${target}`);
      statuses[target.split(':')[0]] = [read.status, read.json?.errorType, read.json?.source];
    }
    assert.deepEqual(statuses, {
      slow: [504, 'source-timeout', 'slow'],
      broken: [502, 'source-unavailable', 'broken'],
      big: [502, 'source-unavailable', 'big'],
      moved: [502, 'source-unavailable', 'moved'],
      garbage: [502, 'source-unavailable', 'garbage'],
    });
    assert.ok(fake.requests.every((r) => r.url.startsWith('/') && !r.headers.cookie), 'only configured URLs, and no credentials of another source');
    const after = await betaSam.rest('GET', `${V0}/subjects?limit=1`);
    assert.equal(after.status, 200, 'the wiki still answers');
  });

  test('alpha stopped: beta still saves, and reads mark alpha unavailable', async () => {
    await alpha.stop();
    const made = await betaSam.rest('POST', `${V0}/subjects`, { body: { schema: 'Employee', label: 'Carol', statements: knows(`alpha:${grace}`) } });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(codes(made.json), [['relation-target-unavailable', `alpha:${grace}`]]);
    const read = await betaSam.rest('GET', `${V0}/subject/alpha:${grace}`);
    assert.deepEqual([read.status, read.json.errorType], [502, 'source-unavailable'], read.text);
    const expanded = await betaSam.rest('GET', `${V0}/subject/${made.json.subject.id}?expand=relations`);
    assert.deepEqual(expanded.json.subjects[`alpha:${grace}`], { id: `alpha:${grace}`, source: 'alpha', unavailable: true });
  });
});
