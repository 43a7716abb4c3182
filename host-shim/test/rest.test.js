import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addUserToGroup, createUser } from '../platform/auth.js';
import { loadCore } from '../src/loader.js';
import { ApiClient } from '../test-support/api-client.js';
import { startSite } from '../test-support/site.js';

const realCore = await loadCore();

// A stand-in for the wasm core's handleRoute: records what it is given and reads a page back through
// the bridge. Page edits and the host's own REST errors are the real core's.
function recordingCore() {
  const seen = [];
  return {
    seen,
    handlePageAction: realCore.handlePageAction,
    errorResponse: realCore.errorResponse,
    async handleRoute(requestJson, bridge) {
      const request = JSON.parse(requestJson);
      seen.push(request);
      const settings = JSON.parse(await bridge.call('config', '{}'));
      const page = JSON.parse(await bridge.call('pageByTitle', JSON.stringify({ namespace: 0, title: 'Known_page' })));
      return JSON.stringify({
        status: 207,
        headers: { 'content-type': 'application/json', 'x-from-core': 'yes' },
        body: JSON.stringify({ sourceKey: settings.sourceKey, page }),
      });
    },
  };
}

describe('/rest.php with a core', () => {
  let site;
  let core;
  before(async () => {
    core = recordingCore();
    site = await startSite({ core });
    await createUser(site.db, 'Carol', 'long enough password');
    addUserToGroup(site.db, 'Carol', 'bot');
  });
  after(async () => {
    await site.stop();
    site.remove();
  });

  test('hands the contract request to handleRoute and relays its response', async () => {
    const anonymous = new ApiClient(site.url);
    await anonymous.edit({ title: 'Known page', text: 'Hello [[Category:Examples|sort]]' });
    const response = await fetch(`${site.url}/rest.php/strata/v0/subject/s1demo1aaaaaaa1?expand=page%7Crelations&latest=1`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'A' },
      body: '{"label":"x"}',
    });
    assert.equal(response.status, 207);
    assert.equal(response.headers.get('x-from-core'), 'yes');
    const body = await response.json();
    assert.equal(body.sourceKey, 'local');
    assert.deepEqual({ ...body.page, created: 'T', modified: 'T', pageId: 1, latestRevisionId: 1 }, {
      pageId: 1, namespace: 0, title: 'Known page', prefixedTitle: 'Known page', latestRevisionId: 1,
      created: 'T', modified: 'T', lastEditor: '127.0.0.1', categories: ['Examples'], contentModel: 'wikitext',
      mainSlot: 'Hello [[Category:Examples|sort]]', subjectSlot: null, access: { read: true, edit: true },
    });

    const request = core.seen.at(-1);
    assert.equal(request.method, 'PUT');
    assert.equal(request.path, '/strata/v0/subject/s1demo1aaaaaaa1');
    assert.deepEqual(request.query, { expand: 'page|relations', latest: '1' });
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['x-custom'], 'A');
    assert.equal(request.body, '{"label":"x"}');
    assert.deepEqual(request.caller, {
      userId: 0, name: '127.0.0.1', anonymous: true, bot: false, groups: ['*'],
      rights: ['createpage', 'edit', 'read', 'strata-query'], csrfValid: false,
    });
  });

  test('csrfValid is true only for the session\'s token; the session cookie is not forwarded', async () => {
    const client = new ApiClient(site.url);
    await client.login('Carol', 'long enough password');
    const token = await client.token('csrf');
    const call = (headers) => fetch(`${site.url}/rest.php/strata/v0/subjects`, { method: 'POST', headers: { cookie: client.cookieHeader(), ...headers }, body: '{}' });

    await call({ 'x-csrf-token': token });
    const good = core.seen.at(-1);
    assert.equal(good.caller.csrfValid, true);
    assert.equal(good.caller.name, 'Carol');
    assert.equal(good.caller.bot, true);
    assert.deepEqual(good.caller.groups, ['*', 'user', 'bot']);
    assert.equal(good.headers.cookie, undefined);

    await call({ 'x-csrf-token': '+\\' });
    assert.equal(core.seen.at(-1).caller.csrfValid, false);
    await call({});
    assert.equal(core.seen.at(-1).caller.csrfValid, false);
  });

  test('a body over 2 MiB is refused with 413 before the core sees it', async () => {
    const before = core.seen.length;
    const response = await fetch(`${site.url}/rest.php/strata/v0/subjects`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024 + 1) });
    assert.equal(response.status, 413);
    assert.equal((await response.json()).error, 'request-too-large');
    assert.equal(core.seen.length, before);
    const chunks = [new Uint8Array(2 * 1024 * 1024 + 1).fill(120)];
    const streamed = await fetch(`${site.url}/rest.php/strata/v0/subjects`, {
      method: 'POST', duplex: 'half', body: new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()) }),
    });
    assert.equal(streamed.status, 413, 'a chunked upload without content-length is counted too');
    assert.equal(core.seen.length, before);
    const exactly = await fetch(`${site.url}/rest.php/strata/v0/subjects`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(exactly.status, 207);
  });
});

describe('/rest.php without handleRoute', () => {
  test('a core without handleRoute: 501 with the core\'s error body', async () => {
    const site = await startSite({ core: { errorResponse: realCore.errorResponse } });
    try {
      const response = await fetch(`${site.url}/rest.php/strata/v0/schemas`);
      assert.equal(response.status, 501);
      assert.equal(response.headers.get('content-type'), 'application/json');
      const body = await response.json();
      assert.deepEqual({ ...body, message: 'M', messageTranslations: { en: 'M' } }, {
        errorType: 'core-unavailable', error: 'core-unavailable', message: 'M', messageTranslations: { en: 'M' }, httpCode: 501,
      });
    } finally {
      await site.stop();
      site.remove();
    }
  });

  test('no core at all: 501 in plain text, the host makes no REST error body of its own', async () => {
    const site = await startSite();
    try {
      const response = await fetch(`${site.url}/rest.php/strata/v0/schemas`);
      assert.equal(response.status, 501);
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.match(await response.text(), /core is not loaded/);
    } finally {
      await site.stop();
      site.remove();
    }
  });
});

describe('a core that fails', () => {
  test('a thrown error or a malformed answer is a 500, and the server keeps serving', async () => {
    const answers = [() => Promise.reject(new Error('boom')), () => Promise.resolve('{"status":"ok"}')];
    const site = await startSite({ core: { handleRoute: () => answers.shift()(), errorResponse: realCore.errorResponse } });
    try {
      for (let i = 0; i < 2; i += 1) {
        const response = await fetch(`${site.url}/rest.php/strata/v0/schemas`);
        assert.equal(response.status, 500);
        assert.equal((await response.json()).error, 'internal-error');
      }
      assert.equal((await fetch(`${site.url}/wiki/Anything`)).status, 404);
    } finally {
      await site.stop();
      site.remove();
    }
  });
});
