// Page edits, deletions and imports through the real built core's handlePageAction.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { addUserToGroup, createUser } from '../platform/auth.js';
import { importFolder } from '../platform/import.js';
import { loadCore } from '../src/loader.js';
import { ApiClient } from '../test-support/api-client.js';
import { quietLog, startSite } from '../test-support/site.js';

const core = await loadCore();
const EXAMPLE_WIKI = fileURLToPath(new URL('../../examples/wiki', import.meta.url));
const PASSWORD = 'long enough password';

const schema = (definitions) => JSON.stringify({ propertyDefinitions: definitions });
const mapping = (schemaName) => JSON.stringify({
  version: 1, schema: schemaName, target: 'foaf', subject: { class: 'http://xmlns.com/foaf/0.1/Person' }, properties: {},
});

describe('import of the example wiki', () => {
  let site;
  before(async () => {
    site = await startSite({ core });
  });
  after(async () => {
    await site.stop();
    site.remove();
  });

  test('every page is saved through the core, and a second import changes nothing', async () => {
    const host = { db: site.db, config: site.config, core, log: quietLog };
    const failed = [];
    const counts = await importFolder(host, EXAMPLE_WIKI, (r) => r.outcome === 'failed' && failed.push(r));
    assert.deepEqual(failed, []);
    assert.deepEqual(counts, { created: 54, updated: 0, unchanged: 0, failed: 0 });
    assert.deepEqual(await importFolder(host, EXAMPLE_WIKI), { created: 0, updated: 0, unchanged: 54, failed: 0 });
    const models = site.db.prepare('SELECT namespace, content_model, COUNT(*) AS n FROM page GROUP BY namespace, content_model ORDER BY namespace').all();
    assert.deepEqual(models.map(({ namespace, content_model: model, n }) => `${namespace} ${model} ${n}`), [
      '0 wikitext 35', '7474 strata-schema 12', '7476 strata-layout 4', '7478 strata-mapping 3',
    ]);
  });

  test('the imported Subjects and Schemas are read through the REST API', async () => {
    const subject = await (await fetch(`${site.url}/rest.php/strata/v0/subject/s1lib1aaaaaaa02?expand=page`)).json();
    const library = subject.subjects.s1lib1aaaaaaa02;
    assert.equal(library.label, 'Harbour Branch Library');
    assert.equal(library.pageTitle, 'Harbour Branch Library');
    assert.deepEqual(library.statements.Kind, { propertyType: 'select', value: ['o1knd1aaaaaaa02'], valueLabels: ['Branch library'] });
    const read = await (await fetch(`${site.url}/rest.php/strata/v0/schema/Library`)).json();
    assert.equal(read.schema.propertyDefinitions.Kind.type, 'select');
    const dependent = site.db.prepare('SELECT COUNT(*) FROM subject_index WHERE is_dependent = 1').pluck().get();
    assert.equal(dependent, 27, 'the index rows the core computed');
  });
});

describe('api.php edits through the core', () => {
  let site;
  let sysop;
  let mapper;
  let user;
  before(async () => {
    site = await startSite({ core, config: { groupRights: { mapper: ['strata-mapping-edit'] } } });
    for (const [name, group] of [['Sam', 'sysop'], ['Mia', 'mapper'], ['Uma', null]]) {
      await createUser(site.db, name, PASSWORD);
      if (group) addUserToGroup(site.db, name, group);
    }
    [sysop, mapper, user] = await Promise.all(['Sam', 'Mia', 'Uma'].map(async (name) => {
      const client = new ApiClient(site.url);
      await client.login(name, PASSWORD);
      return client;
    }));
    assert.equal((await sysop.edit({ title: 'Schema:Person', text: schema({ Name: { type: 'text' } }) })).edit.result, 'Success');
  });
  after(async () => {
    await site.stop();
    site.remove();
  });

  test('a refused Schema names every reason', async () => {
    const answer = await user.edit({ title: 'Schema:Broken', text: schema({ A: { type: 'number', minimum: 5, maximum: 1 }, B: { type: 'relation' } }) });
    assert.deepEqual(answer.error, {
      code: 'strata-invalid-schema',
      info: 'The Schema is invalid: propertyDefinitions.A: minimum is greater than maximum; propertyDefinitions.B.targetSchemas: a relation needs one or more target Schemas.',
      // Each reason with its kind's message key and parameters (docs/i18n.md).
      reasons: [
        { path: 'propertyDefinitions.A', message: 'minimum is greater than maximum', messageKey: 'strata-schema-refusal-minimum-above-maximum', params: [] },
        { path: 'propertyDefinitions.B.targetSchemas', message: 'a relation needs one or more target Schemas', messageKey: 'strata-schema-refusal-no-target-schemas', params: [] },
      ],
    });
    assert.equal(site.db.prepare("SELECT COUNT(*) FROM page WHERE title = 'Broken'").pluck().get(), 0);
  });

  test('a Mapping needs strata-mapping-edit, and one (schema, target) pair has one Mapping', async () => {
    const denied = await sysop.edit({ title: 'Mapping:Person to FOAF', text: mapping('Person') });
    assert.equal(denied.error.code, 'permissiondenied');
    const saved = await mapper.edit({ title: 'Mapping:Person to FOAF', text: mapping('Person') });
    assert.equal(saved.edit.contentmodel, 'strata-mapping');
    const duplicate = await mapper.edit({ title: 'Mapping:People to FOAF', text: mapping('person') });
    assert.deepEqual(duplicate.error, {
      code: 'strata-invalid-mapping',
      info: 'The Mapping is invalid: target: the Mapping page "Person to FOAF" already maps this Schema to this target.',
    });
  });

  test('a stale base revision is an edit conflict; the same text is no change', async () => {
    const first = await user.edit({ title: 'Harbour notes', text: 'one' });
    await user.edit({ title: 'Harbour notes', text: 'two' });
    const stale = await user.edit({ title: 'Harbour notes', text: 'three', baserevid: String(first.edit.newrevid) });
    assert.equal(stale.error.code, 'editconflict');
    const same = await user.edit({ title: 'Harbour notes', text: 'two' });
    assert.deepEqual(same.edit, { result: 'Success', pageid: first.edit.pageid, title: 'Harbour notes', contentmodel: 'wikitext', nochange: true });
    const revisions = site.db.prepare('SELECT COUNT(*) FROM revision WHERE page_id = ?').pluck().get(first.edit.pageid);
    assert.equal(revisions, 2);
  });

  test('a delete needs the delete right', async () => {
    const token = await user.token('csrf');
    const denied = await user.post({ action: 'delete', title: 'Schema:Person', reason: 'no', token });
    assert.deepEqual(denied.error, {
      code: 'permissiondenied',
      info: 'You may not delete the page "Schema:Person": this needs the "delete" right.',
    });
    const sysopToken = await sysop.token('csrf');
    const deleted = await sysop.post({ action: 'delete', title: 'Harbour notes', reason: 'done', token: sysopToken });
    assert.equal(deleted.delete.title, 'Harbour notes');
    assert.equal(typeof deleted.delete.logid, 'number');
  });
});
