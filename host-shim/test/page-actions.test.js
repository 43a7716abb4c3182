import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { addUserToGroup, createUser } from '../platform/auth.js';
import { importFolder } from '../platform/import.js';
import { loadCore } from '../src/loader.js';
import { ApiClient } from '../test-support/api-client.js';
import { openSite, quietLog, startSite, tempDir } from '../test-support/site.js';

/** A folder laid out like the demo data: two Schemas, a Layout, a Mapping and three Subject pages. */
function importFolderFixture() {
  const dir = tempDir();
  const files = {
    'Schema/City.json': { propertyDefinitions: { Country: { type: 'text' } } },
    'Schema/Person.json': { propertyDefinitions: { 'Lives in': { type: 'relation', relation: 'Lives in', targetSchema: 'City' } } },
    'Layout/Person_card.json': { schema: 'Person', type: 'infobox' },
    'Mapping/Person_to_FOAF.json': { version: 1, schema: 'Person', target: 'foaf', subject: { class: 'http://xmlns.com/foaf/0.1/Person' }, properties: {} },
    'Subject/ACME_Inc.json': { mainSubject: 's1acme000000001', subjects: { s1acme000000001: { label: 'ACME Inc', schema: 'City', statements: {} } } },
    'Subject/Ada_Lovelace.json': { mainSubject: 's1ada0000000001', subjects: { s1ada0000000001: { label: 'Ada', schema: 'Person', statements: {} } } },
    'Subject/Vienna.json': { mainSubject: 's1vienna0000001', subjects: { s1vienna0000001: { label: 'Vienna', schema: 'City', statements: {} } } },
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(content, null, 2));
  }
  writeFileSync(join(dir, 'Subject', 'README.txt'), 'not a page');
  return dir;
}

/** A refusal as the core rejects with it. */
function strataError(code, message, details) {
  return Object.assign(new Error(message), { name: 'StrataError', code, details });
}

// A stand-in core whose handlePageAction saves through the bridge, as the real one does.
function pageActionCore() {
  const seen = [];
  return {
    seen,
    async handlePageAction(requestJson, bridge) {
      const request = JSON.parse(requestJson);
      seen.push(request);
      const call = async (op, args) => JSON.parse(await bridge.call(op, JSON.stringify(args)));
      if (request.text === 'invalid') throw strataError('strata-invalid-schema', 'not a Schema', { reasons: ['a'] });
      const page = await call('pageByTitle', { namespace: request.namespace, title: request.title });
      if (request.action === 'delete') {
        const deleted = await call('deletePage', { pageId: page.pageId, baseRevisionId: page.latestRevisionId, comment: request.summary });
        return JSON.stringify({ pageId: page.pageId, namespace: page.namespace, title: page.title, logId: deleted.logId });
      }
      const slot = request.slot === 'subject' ? 'subjectSlot' : 'mainSlot';
      const saved = await call('savePages', {
        saves: [{ pageId: page?.pageId ?? null, namespace: request.namespace, title: request.title, baseRevisionId: page?.latestRevisionId ?? null, comment: request.summary, contentModel: 'strata-schema', mainSlot: null, subjectSlot: null, [slot]: request.text, index: null }],
      });
      const [result] = saved.results;
      return JSON.stringify({ pageId: result.pageId, namespace: request.namespace, title: request.title, contentModel: 'strata-schema', oldRevisionId: page?.latestRevisionId ?? 0, newRevisionId: result.revisionId, timestamp: result.timestamp, new: !page, noChange: false });
    },
  };
}

describe('api.php edits through handlePageAction', () => {
  let site;
  let core;
  before(async () => {
    core = pageActionCore();
    site = await startSite({ core });
  });
  after(async () => {
    await site.stop();
    site.remove();
  });

  test('the core gets the proposed request and saves as the caller', async () => {
    const client = new ApiClient(site.url);
    const answer = await client.edit({ title: 'Schema:person', text: '{"propertyDefinitions":{}}', summary: 'new Schema', baserevid: '0' });
    assert.equal(answer.edit.result, 'Success');
    assert.equal(answer.edit.title, 'Schema:Person');
    assert.equal(answer.edit.contentmodel, 'strata-schema');
    assert.deepEqual(core.seen.at(-1), {
      action: 'edit', namespace: 7474, title: 'Person', slot: 'main', text: '{"propertyDefinitions":{}}',
      summary: 'new Schema', baseRevisionId: 0, createOnly: false, noCreate: false,
      caller: { userId: 0, name: '127.0.0.1', anonymous: true, bot: false, groups: ['*'], rights: ['createpage', 'edit', 'read', 'strata-query'] },
    });
    assert.equal(site.db.prepare('SELECT user_name FROM revision WHERE id = ?').pluck().get(answer.edit.newrevid), '127.0.0.1');
  });

  test('the core\'s error codes and extra fields reach the client as MediaWiki errors', async () => {
    const answer = await new ApiClient(site.url).edit({ title: 'Schema:Broken', text: 'invalid' });
    assert.deepEqual(answer, { error: { code: 'strata-invalid-schema', info: 'not a Schema', reasons: ['a'] } });
  });

  test('deletions go to the core too', async () => {
    await createUser(site.db, 'Dana', 'long enough password');
    addUserToGroup(site.db, 'Dana', 'sysop');
    const client = new ApiClient(site.url);
    await client.login('Dana', 'long enough password');
    const token = await client.token('csrf');
    const before = core.seen.length;
    const answer = await client.post({ action: 'delete', title: 'Schema:Person', reason: 'gone', token });
    assert.deepEqual(answer, { delete: { title: 'Schema:Person', reason: 'gone', logid: 1 } });
    assert.equal(site.db.prepare('SELECT deleted_by FROM archived_page').pluck().get(), 'Dana');
    assert.deepEqual(core.seen.slice(before).map(({ action, namespace, title, summary }) => ({ action, namespace, title, summary })), [
      { action: 'delete', namespace: 7474, title: 'Person', summary: 'gone' },
    ]);
  });
});

describe('action=delete through the real core', () => {
  test('a sysop deletes; the page is gone from views and index, its revisions archived', async () => {
    const site = await startSite({ core: await loadCore() });
    try {
      await createUser(site.db, 'Erin', 'long enough password');
      addUserToGroup(site.db, 'Erin', 'sysop');
      const client = new ApiClient(site.url);
      await client.login('Erin', 'long enough password');
      const created = await client.edit({ title: 'Short lived', text: 'soon gone' });
      const token = await client.token('csrf');
      const answer = await client.post({ action: 'delete', pageid: String(created.edit.pageid), reason: 'test', token });
      assert.deepEqual(answer, { delete: { title: 'Short lived', reason: 'test', logid: 1 } });
      assert.equal((await fetch(`${site.url}/wiki/Short_lived`)).status, 404);
      assert.equal(site.db.prepare('SELECT main_slot FROM revision WHERE id = ?').pluck().get(created.edit.newrevid), 'soon gone');
    } finally {
      await site.stop();
      site.remove();
    }
  });
});

describe('import', () => {
  let folder;
  before(() => {
    folder = importFolderFixture();
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('an import refuses file names that cannot be titles, by the core\'s rule', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'Subject'));
    const page = { mainSubject: 's1tilde00000001', subjects: { s1tilde00000001: { schema: 'City', statements: {} } } };
    for (const name of ['~~~', '.', 'Evil\u202Etxt']) writeFileSync(join(dir, 'Subject', `${name}.json`), JSON.stringify(page));
    const { db, config } = openSite();
    try {
      const reports = [];
      const counts = await importFolder({ db, config, core: null, log: quietLog }, dir, (report) => reports.push(report));
      assert.deepEqual(counts, { created: 0, updated: 0, unchanged: 0, failed: 3 });
      assert.ok(reports.every((r) => /invalid title/.test(r.info)), JSON.stringify(reports));
      assert.equal(db.prepare('SELECT COUNT(*) FROM page').pluck().get(), 0);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('without handlePageAction every page is refused and nothing is saved', async () => {
    const { db, config, dataDir } = openSite();
    try {
      const reports = [];
      const counts = await importFolder({ db, config, core: null, log: quietLog }, folder, (report) => reports.push(report));
      assert.deepEqual(counts, { created: 0, updated: 0, unchanged: 0, failed: 7 });
      assert.ok(reports.every((r) => /strata-core-unavailable/.test(r.info)), JSON.stringify(reports));
      assert.equal(db.prepare('SELECT COUNT(*) FROM page').pluck().get(), 0);
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('with handlePageAction every page goes through the core, Schemas first, as a maintenance caller', async () => {
    const { db, config, dataDir } = openSite({ readRestrictions: { namespaces: { 7474: ['staff'] } } });
    try {
      const core = pageActionCore();
      const counts = await importFolder({ db, config, core, log: quietLog }, folder);
      assert.deepEqual(counts, { created: 7, updated: 0, unchanged: 0, failed: 0 });
      assert.deepEqual(core.seen.map(({ namespace, title, slot }) => `${namespace}:${title}:${slot}`), [
        '7474:City:main', '7474:Person:main', '7476:Person card:main', '7478:Person to FOAF:main',
        '0:ACME Inc:subject', '0:Ada Lovelace:subject', '0:Vienna:subject',
      ]);
      const { caller } = core.seen[0];
      assert.equal(caller.name, 'Maintenance script');
      assert.ok(caller.groups.includes('staff') && caller.groups.includes('sysop'));
      assert.ok(['strata-mapping-edit', 'editinterface', 'delete'].every((right) => caller.rights.includes(right)));
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a missing folder is an error', async () => {
    const { db, config, dataDir } = openSite();
    await assert.rejects(importFolder({ db, config, core: null, log: quietLog }, join(dataDir, 'nope')), /no such folder/);
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
