// A Target given `wiki` attaches to that wiki instead of starting a reference host of its own, and
// gets its bot passwords from the given command: scripts/bench/hosts.mjs measures its own MediaWiki
// this way, and when the option was ignored it measured the reference host twice without a sign.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { V0 } from '../test-support/rest-client.js';
import { Target } from '../test-support/target.js';
import { Wiki } from '../test-support/wiki-process.js';

test('Target.start({wiki}) talks to the given wiki with the given bot-password command', async (t) => {
  const wiki = new Wiki();
  t.after(() => wiki.remove());
  await wiki.start();
  await wiki.user('Ann', 'ann-password-1234', ['sysop']);
  const { loginName, password } = await wiki.botPassword('Ann', 'attach');
  const target = await Target.start({
    wiki: { url: `${wiki.url}/`, name: 'Attached wiki', commands: { botPassword: `printf '%s\\n%s\\n' '${loginName}' '${password}'; true` } },
  });
  t.after(() => target.remove());
  assert.equal(target.url, wiki.url);
  assert.equal(target.name, 'Attached wiki');
  assert.equal(target.wiki, undefined, 'no reference host of its own');
  const client = await target.client('Ann');
  const answer = await client.rest('PUT', `${V0}/schema/Attached`, { body: { schema: { propertyDefinitions: { Name: { type: 'text' } } } } });
  assert.equal(answer.status, 201, answer.text);
  assert.equal((await (await wiki.client(loginName, password)).rest('GET', `${V0}/schema/Attached`)).status, 200);
});
