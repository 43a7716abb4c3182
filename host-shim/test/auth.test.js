import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addUserToGroup, createBotPassword, createUser } from '../platform/auth.js';
import { ApiClient } from '../test-support/api-client.js';
import { loadCore } from '../src/loader.js';
import { startSite } from '../test-support/site.js';

let site;
let bot;
before(async () => {
  site = await startSite({ core: await loadCore() });
  await createUser(site.db, 'Alice', 'correct horse battery');
  addUserToGroup(site.db, 'Alice', 'sysop');
  bot = await createBotPassword(site.db, 'Alice', 'importer');
});
after(async () => {
  await site.stop();
  site.remove();
});

describe('a MediaWiki client with a bot password', () => {
  test('logs in, edits with the CSRF token, and logs out', async () => {
    assert.match(bot.loginName, /^Alice@importer$/);
    assert.match(bot.password, /^[a-z0-9]{32}$/);
    const client = new ApiClient(site.url);

    const lgtoken = await client.token('login');
    assert.match(lgtoken, /^[0-9a-f]{32}\+\\$/);
    const anonymousCookie = client.cookies.get('strata_session');
    assert.ok(anonymousCookie, 'asking for a login token opens a session');

    const login = await client.post({ action: 'login', lgname: bot.loginName, lgpassword: bot.password, lgtoken });
    assert.deepEqual(login, { login: { result: 'Success', lguserid: 1, lgusername: 'Alice' } });
    assert.notEqual(client.cookies.get('strata_session'), anonymousCookie, 'login starts a new session id');

    const info = await client.get({ action: 'query', meta: 'userinfo|tokens', uiprop: 'groups|rights', type: 'csrf' });
    assert.equal(info.query.userinfo.name, 'Alice');
    assert.deepEqual(info.query.userinfo.groups, ['*', 'user', 'sysop']);
    assert.ok(info.query.userinfo.rights.includes('delete'));
    const csrf = info.query.tokens.csrftoken;
    assert.match(csrf, /^[0-9a-f]{32}\+\\$/);

    const edit = await client.post({ action: 'edit', title: 'Bot_page', text: 'Written by a bot', summary: 'hello', token: csrf });
    assert.equal(edit.edit.result, 'Success');
    assert.equal(edit.edit.title, 'Bot page');
    assert.equal(edit.edit.new, true);
    const author = site.db.prepare('SELECT user_id, user_name, comment FROM revision WHERE id = ?').get(edit.edit.newrevid);
    assert.deepEqual(author, { user_id: 1, user_name: 'Alice', comment: 'hello' });

    assert.deepEqual(await client.post({ action: 'logout', token: csrf }), {});
    assert.equal(client.cookies.get('strata_session'), undefined, 'logout expires the cookie');
    const after = await client.get({ action: 'query', meta: 'userinfo' });
    assert.deepEqual(after.query.userinfo, { id: 0, name: '127.0.0.1', anon: true });
    const stale = await client.post({ action: 'edit', title: 'Bot page', text: 'again', token: csrf });
    assert.equal(stale.error.code, 'badtoken');
  });

  test('formatversion 1 answers flags as empty strings', async () => {
    const client = new ApiClient(site.url, { formatversion: '1' });
    const answer = await client.get({ action: 'query', meta: 'userinfo|tokens', type: 'csrf' });
    assert.deepEqual(answer, { batchcomplete: '', query: { tokens: { csrftoken: '+\\' }, userinfo: { id: 0, name: '127.0.0.1', anon: '' } } });
  });

  test('the main password logs in too', async () => {
    const client = new ApiClient(site.url);
    assert.equal((await client.login('alice', 'correct horse battery')).result, 'Success');
  });

  test('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const response = await fetch(`${site.url}/api.php?action=query&meta=tokens&type=login&format=json`);
    const [cookie] = response.headers.getSetCookie();
    assert.match(cookie, /^strata_session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

describe('failed logins', () => {
  test('a wrong password or unknown user is Failed, alike', async () => {
    const client = new ApiClient(site.url);
    assert.deepEqual(await client.login(bot.loginName, 'x'.repeat(32)), { result: 'Failed', reason: 'Incorrect username or password entered. Please try again.' });
    assert.equal((await client.login('Alice@nobot', bot.password)).result, 'Failed');
    assert.equal((await client.login('Mallory', 'whatever')).result, 'Failed');
    const info = await client.get({ action: 'query', meta: 'userinfo' });
    assert.equal(info.query.userinfo.anon, true);
  });

  test('no token is NeedToken, a wrong one WrongToken', async () => {
    const client = new ApiClient(site.url);
    const needToken = await client.post({ action: 'login', lgname: bot.loginName, lgpassword: bot.password });
    assert.equal(needToken.login.result, 'NeedToken');
    assert.match(needToken.login.token, /\+\\$/);
    const wrong = await client.post({ action: 'login', lgname: bot.loginName, lgpassword: bot.password, lgtoken: 'abc+\\' });
    assert.deepEqual(wrong, { login: { result: 'WrongToken' } });
  });

  test('secrets in the query string are refused, and login must be POSTed', async () => {
    const client = new ApiClient(site.url);
    const inQuery = await fetch(`${site.url}/api.php?action=login&format=json&lgname=a&lgpassword=b`, { method: 'POST' });
    assert.equal((await inQuery.json()).error.code, 'mustpostparams');
    assert.equal((await client.get({ action: 'login', lgname: 'a' })).error.code, 'mustbeposted');
  });
});

describe('tokens and permissions', () => {
  test('an edit with a wrong or missing token is refused and stores nothing', async () => {
    const client = new ApiClient(site.url);
    await client.login(bot.loginName, bot.password);
    const bad = await client.post({ action: 'edit', title: 'Forged', text: 'x', token: '+\\' });
    assert.deepEqual(bad, { error: { code: 'badtoken', info: 'Invalid CSRF token.' } });
    const missing = await client.post({ action: 'edit', title: 'Forged', text: 'x' });
    assert.equal(missing.error.code, 'missingparam');
    assert.equal(site.db.prepare("SELECT COUNT(*) FROM page WHERE title = 'Forged'").pluck().get(), 0);
  });

  test('anonymous callers may edit with the anonymous token but not delete', async () => {
    const client = new ApiClient(site.url);
    const created = await client.edit({ title: 'Open page', text: 'anyone' });
    assert.equal(created.edit.result, 'Success');
    const denied = await client.post({ action: 'delete', title: 'Open page', token: '+\\' });
    assert.equal(denied.error.code, 'permissiondenied');
  });

  test('a bot password keeps only its grants', async () => {
    const limited = await createBotPassword(site.db, 'Alice', 'reader', ['read']);
    const client = new ApiClient(site.url);
    await client.login(limited.loginName, limited.password);
    const info = await client.get({ action: 'query', meta: 'userinfo', uiprop: 'rights' });
    assert.deepEqual(info.query.userinfo.rights, ['read']);
    const denied = await client.edit({ title: 'Not allowed', text: 'x' });
    assert.equal(denied.error.code, 'permissiondenied');
  });

  test('MediaWiki:Strata.json needs editinterface and must be valid', async () => {
    const anonymous = new ApiClient(site.url);
    assert.equal((await anonymous.edit({ title: 'MediaWiki:Strata.json', text: '{}' })).error.code, 'permissiondenied');
    const admin = new ApiClient(site.url);
    await admin.login(bot.loginName, bot.password);
    const invalid = await admin.edit({ title: 'MediaWiki:Strata.json', text: '{"enforceValidation": "yes"}' });
    assert.deepEqual(invalid.error, { code: 'strata-invalid-config', info: 'MediaWiki:Strata.json: key "enforceValidation" must be boolean' });
    assert.equal((await admin.edit({ title: 'MediaWiki:Strata.json', text: '{"enforceValidation": true}' })).edit.result, 'Success');
  });
});

test('sessions survive a server restart', async () => {
  const own = await startSite();
  await createUser(own.db, 'Bob', 'long enough password');
  const client = new ApiClient(own.url);
  assert.equal((await client.login('Bob', 'long enough password')).result, 'Success');
  const csrf = await client.token('csrf');
  await own.stop();

  const restarted = await startSite({ core: await loadCore(), dataDir: own.dataDir });
  try {
    client.baseUrl = restarted.url;
    const info = await client.get({ action: 'query', meta: 'userinfo' });
    assert.equal(info.query.userinfo.name, 'Bob');
    assert.equal(await client.token('csrf'), csrf);
    assert.equal((await client.post({ action: 'edit', title: 'After restart', text: 'x', token: csrf })).edit.result, 'Success');
  } finally {
    await restarted.stop();
    restarted.remove();
  }
});
