import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, test } from 'node:test';
import { tempDir } from '../test-support/site.js';

const CLI = fileURLToPath(new URL('../bin/strata.js', import.meta.url));
const dir = tempDir();
const configFile = join(dir, 'wiki.json');
writeFileSync(configFile, JSON.stringify({ dataDir: 'data' }));
after(() => rmSync(dir, { recursive: true, force: true }));

async function strata(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args, '--config', configFile]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

test('accounts: create, add to a group, bot password', async () => {
  assert.deepEqual(await strata('user', 'create', 'ada_admin', '--password', 'a long password'), { code: 0, stdout: 'created user Ada admin (id 1)\n', stderr: '' });
  assert.equal((await strata('user', 'add-group', 'Ada admin', 'sysop')).stdout, 'Ada admin is in: sysop\n');
  const bot = await strata('botpassword', 'create', 'Ada admin', 'importer');
  assert.equal(bot.code, 0);
  assert.match(bot.stdout, /^Ada admin@importer\n[a-z0-9]{32}\n$/);
});

test('errors exit non-zero with a message', async () => {
  const short = await strata('user', 'create', 'Bob', '--password', 'short');
  assert.equal(short.code, 2);
  assert.equal(short.stderr, 'strata: the password must have at least 8 characters\n');
  assert.match((await strata('user', 'add-group', 'Nobody', 'sysop')).stderr, /no such user "Nobody"/);
  assert.match((await strata('user', 'create', 'Ada admin', '--password', 'another password')).stderr, /already exists/);
  const unknown = await strata('frobnicate');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command: frobnicate\nusage: strata/);
  const missing = await strata('import', join(dir, 'absent'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /strata: no such folder: .*absent\n$/);
});

test('a bad configuration file stops every command, naming the key', async () => {
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ listen: '127.0.0.1:8484', colour: 'blue' }));
  const { code, stderr } = await promisify(execFile)(process.execPath, [CLI, 'serve', '--config', bad]).catch((error) => error);
  assert.equal(code, 2);
  assert.match(stderr, /invalid configuration in .*bad\.json: unknown key "colour"/);
});

test('rebuild: builds a store with progress on stderr; --unless-in-sync leaves an in-sync one alone', async () => {
  const storesConfig = join(dir, 'stores.json');
  writeFileSync(storesConfig, JSON.stringify({ dataDir: 'stores-data', stores: { sparql: { type: 'oxigraph-embedded' } } }));
  const run = async (...args) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args, '--config', storesConfig]);
      return { code: 0, stdout, stderr };
    } catch (error) {
      return { code: error.code, stdout: error.stdout, stderr: error.stderr };
    }
  };
  const built = await run('rebuild', 'sparql');
  assert.equal(built.code, 0, built.stderr);
  assert.match(built.stdout, /^run 1 succeeded: 0 pages processed, 0 failed\n$/);
  assert.match(built.stderr, /rebuild sparql \[#+\] 0\/0 pages/);
  const again = await run('rebuild', 'sparql', '--unless-in-sync');
  assert.deepEqual([again.code, again.stdout], [0, 'sparql is in-sync: not rebuilt\n']);
  assert.doesNotMatch(again.stderr, /rebuild sparql \[/);
  const unknown = await run('rebuild', 'nothing');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no store "nothing" is configured/);
});
