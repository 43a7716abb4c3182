import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient } from '../test-support/api-client.js';
import { loadCore } from '../src/loader.js';
import { startSite } from '../test-support/site.js';

let site;
before(async () => {
  site = await startSite({ core: await loadCore(), config: { readRestrictions: { pages: { 'Staff only': ['staff'] } } } });
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
