import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient } from '../test-support/api-client.js';
import { loadCore } from '../src/loader.js';
import { startSite } from '../test-support/site.js';

let site;
before(async () => {
  site = await startSite({ core: await loadCore(), config: { readRestrictions: { pages: { 'Staff only': ['staff'] } }, groupRights: { mapper: ['strata-mapping-edit'] } } });
  const client = new ApiClient(site.url);
  await client.edit({ title: 'Main Page', text: 'Welcome <script>alert(1)</script> & more' });
  await client.edit({ title: 'Staff only', text: 'secret' });
});
after(async () => {
  await site.stop();
  site.remove();
});

test('/wiki/Title and /index.php?title= show the page text, escaped', async () => {
  for (const path of ['/wiki/Main_Page', '/index.php?title=Main%20Page']) {
    const response = await fetch(`${site.url}${path}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await response.text();
    assert.match(html, /<h1>Main Page<\/h1>/);
    assert.match(html, /Welcome &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; more/);
    assert.ok(!html.includes('<script>'));
  }
});

test('missing, unreadable and invalid titles', async () => {
  assert.equal((await fetch(`${site.url}/wiki/Nothing_here`)).status, 404);
  const hidden = await fetch(`${site.url}/wiki/Staff_only`);
  assert.equal(hidden.status, 403);
  assert.ok(!(await hidden.text()).includes('secret'));
  assert.equal((await fetch(`${site.url}/wiki/a%7Cb`)).status, 400);
  assert.equal((await fetch(`${site.url}/wiki/%E0%A4%A`)).status, 400);
  const home = await fetch(`${site.url}/`, { redirect: 'manual' });
  assert.equal(home.status, 302);
  assert.equal(home.headers.get('location'), '/wiki/Main_Page');
  assert.equal((await fetch(`${site.url}/elsewhere`)).status, 404);
});

test('Layout and Mapping pages and the Schema list are drawn by the core', async () => {
  const { createUser, addUserToGroup } = await import('../platform/auth.js');
  await createUser(site.db, 'Mapper', 'long enough password');
  addUserToGroup(site.db, 'Mapper', 'sysop');
  addUserToGroup(site.db, 'Mapper', 'mapper');
  const client = new ApiClient(site.url);
  await client.login('Mapper', 'long enough password');
  const ok = async (params) => assert.equal((await client.edit(params)).edit?.result, 'Success', params.title);
  await ok({ title: 'Schema:Person', text: JSON.stringify({ description: 'People & <friends>', propertyDefinitions: { Name: { type: 'text' } } }) });
  await ok({ title: 'Layout:Person card', text: JSON.stringify({ schema: 'Person', type: 'card', settings: { displayRules: [] } }) });
  await ok({ title: 'Mapping:Person to FOAF', text: JSON.stringify({ version: 1, schema: 'Person', target: 'foaf', prefixes: { foaf: 'http://xmlns.com/foaf/0.1/' }, subject: { class: 'foaf:Person' }, properties: { Name: { predicate: 'foaf:name' } } }) });
  const html = async (path) => (await fetch(`${site.url}${path}`)).text();
  const layoutPage = await html('/wiki/Layout:Person_card');
  assert.match(layoutPage, /<div class="layout-definition">/);
  assert.match(layoutPage, /<th scope="row">Schema<\/th><td><a href="\/wiki\/Schema:Person">Person<\/a><\/td>/);
  const mappingPage = await html('/wiki/Mapping:Person_to_FOAF');
  assert.match(mappingPage, /<tr><td>Name<\/td><td><code>foaf:name<\/code><\/td><td><\/td><td><\/td><\/tr>/);
  assert.match(mappingPage, /<th scope="row">Projection<\/th><td>foaf<\/td>/);
  const schemas = await html('/wiki/Special:Schemas');
  assert.match(schemas, /<table class="list schema-list">/);
  assert.match(schemas, /<td>People &amp; &lt;friends&gt;<\/td>/);
});

test("the core's words are its English here, and its message keys with uselang=qqx (docs/i18n.md)", async () => {
  const html = async (path) => (await fetch(`${site.url}${path}`)).text();
  const cases = [
    ['/wiki/Layout:Person_card', '<th scope="row">Schema</th>', '<th scope="row">(strata-heading-schema)</th>'],
    ['/wiki/Schema:Person', '<th scope="col">Property</th>', '<th scope="col">(strata-heading-property)</th>'],
    ['/wiki/Special:Subjects?search=nothing-matches', 'No Subjects found.', '(strata-list-no-subjects)'],
  ];
  for (const [path, english, key] of cases) {
    const plain = await html(path);
    assert.ok(plain.includes(english) && !plain.includes(key), `${path}: English`);
    const keys = await html(`${path}${path.includes('?') ? '&' : '?'}uselang=qqx`);
    assert.ok(keys.includes(key) && !keys.includes(english), `${path}: the keys`);
  }
});
