import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../test-support/api-client.js';
import { loadCore } from '../src/loader.js';
import { startSite } from '../test-support/site.js';

let site;
let client;
before(async () => {
  site = await startSite({ core: await loadCore() });
  client = new ApiClient(site.url);
});
after(async () => {
  await site.stop();
  site.remove();
});

describe('action=edit', () => {
  test('creates, updates, answers nochange, and keeps each revision', async () => {
    const created = await client.edit({ title: 'history', text: 'one', summary: 'first' });
    assert.equal(created.edit.new, true);
    assert.equal(created.edit.oldrevid, 0);
    assert.equal(created.edit.contentmodel, 'wikitext');
    assert.match(created.edit.newtimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const updated = await client.edit({ title: 'History', text: 'two' });
    assert.equal(updated.edit.new, undefined);
    assert.equal(updated.edit.oldrevid, created.edit.newrevid);
    const same = await client.edit({ title: 'History', text: 'two' });
    assert.deepEqual(same.edit, { result: 'Success', pageid: created.edit.pageid, title: 'History', contentmodel: 'wikitext', nochange: true });
    assert.deepEqual(site.db.prepare('SELECT main_slot FROM revision WHERE page_id = ? ORDER BY id').pluck().all(created.edit.pageid), ['one', 'two']);
  });

  test('baserevid and basetimestamp detect conflicting edits', async () => {
    const first = await client.edit({ title: 'Contested', text: 'base' });
    await client.edit({ title: 'Contested', text: 'theirs' });
    const conflict = await client.edit({ title: 'Contested', text: 'mine', baserevid: String(first.edit.newrevid) });
    assert.equal(conflict.error.code, 'editconflict');
    const before = await client.edit({ title: 'Contested', text: 'mine', basetimestamp: '2000-01-01T00:00:00Z' });
    assert.equal(before.error.code, 'editconflict');
    const current = site.db.prepare("SELECT latest_revision_id FROM page WHERE title = 'Contested'").pluck().get();
    assert.equal((await client.edit({ title: 'Contested', text: 'mine', baserevid: String(current) })).edit.result, 'Success');
    assert.equal((await client.edit({ title: 'Contested', text: 'later', basetimestamp: new Date().toISOString() })).edit.result, 'Success');
  });

  test('createonly, nocreate, bad titles and missing text', async () => {
    await client.edit({ title: 'Exists', text: 'x' });
    assert.equal((await client.edit({ title: 'Exists', text: 'y', createonly: '1' })).error.code, 'articleexists');
    assert.equal((await client.edit({ title: 'Absent', text: 'y', nocreate: '1' })).error.code, 'missingtitle');
    assert.deepEqual((await client.edit({ title: 'a[b]', text: 'y' })).error, { code: 'invalidtitle', info: 'Bad title "a[b]".' });
    for (const title of ['.', '../../etc/passwd', 'a/../../b', '~~~', 'evil\u202Etxt', 'Schema:..']) {
      assert.equal((await client.edit({ title, text: 'y' })).error?.code, 'invalidtitle', title);
    }
    assert.equal((await client.edit({ title: 'No text' })).error.code, 'missingparam');
    assert.equal((await client.edit({ pageid: '999999', text: 'y' })).error.code, 'nosuchpageid');
  });

  test('multipart bodies work and line endings are normalized', async () => {
    const token = await client.token('csrf');
    const answer = await client.post({ action: 'edit', title: 'Multipart', text: 'line one\r\nline two', token }, { multipart: true });
    assert.equal(answer.edit.result, 'Success');
    assert.equal(site.db.prepare('SELECT main_slot FROM revision WHERE id = ?').pluck().get(answer.edit.newrevid), 'line one\nline two');
  });

  test('without the core no page is edited or deleted: the host keeps no copy of the page rules', async () => {
    const bare = await startSite();
    try {
      const bareClient = new ApiClient(bare.url);
      for (const title of ['Plain page', 'Schema:Person', 'Layout:Card', 'Mapping:Person to FOAF']) {
        const answer = await bareClient.edit({ title, text: '{}' });
        assert.equal(answer.error.code, 'strata-core-unavailable', title);
      }
      const token = await bareClient.token('csrf');
      assert.equal((await bareClient.post({ action: 'delete', title: 'Plain page', token })).error.code, 'strata-core-unavailable');
      assert.equal(bare.db.prepare('SELECT COUNT(*) FROM page').pluck().get(), 0);
    } finally {
      await bare.stop();
      bare.remove();
    }
  });
});

describe('action=delete and errors', () => {
  test('deleting a missing page', async () => {
    const token = await client.token('csrf');
    assert.equal((await client.post({ action: 'delete', title: 'Never there', token })).error.code, 'missingtitle');
  });

  test('unknown actions and formats are named', async () => {
    const response = await fetch(`${site.url}/api.php?action=parse&format=json`);
    assert.equal(response.headers.get('mediawiki-api-error'), 'badvalue');
    assert.deepEqual(await response.json(), { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action": parse.' } });
    assert.equal((await client.get({ action: 'query', meta: 'tokens', format: 'xml' })).error.code, 'badvalue');
    assert.equal((await client.get({ action: 'query', list: 'categorymembers' })).error.code, 'badvalue');
  });

  test('unknown token types are a warning, known ones still answered', async () => {
    const answer = await client.get({ action: 'query', meta: 'tokens', type: 'csrf|patrol' });
    assert.equal(answer.query.tokens.csrftoken, '+\\');
    assert.match(answer.warnings.tokens.warnings, /patrol/);
  });
});
