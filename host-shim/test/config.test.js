import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { anonymousCaller, identify } from '../platform/auth/caller.js';
import { startSite } from '../test-support/site.js';
import { buildConfig, ConfigError, loadConfig } from '../platform/config.js';
import { makeHostOps } from '../platform/ops.js';
import { savePages } from '../platform/storage/page-writes.js';
import { openSite, quietLog, tempDir } from '../test-support/site.js';

describe('defaults', () => {
  test('an empty configuration serves a local wiki', () => {
    const config = buildConfig({}, { baseDir: '/srv/wiki' });
    assert.deepEqual(config.listen, { host: '127.0.0.1', port: 8484 });
    assert.equal(config.dataDir, '/srv/wiki/var');
    assert.equal(config.titling, 'page-first');
    assert.equal(config.sourceKey, 'local');
    assert.equal(config.rdfBaseUri, 'http://127.0.0.1:8484');
    assert.equal(config.dereferenceToDataTab, true);
    assert.equal(config.enforceValidation, false);
    assert.deepEqual(config.queryLimits, { default: { timeoutSeconds: 30, maxRows: 5000 }, expensive: { timeoutSeconds: 300, maxRows: 50000 } });
    assert.deepEqual(config.rateLimits['strata-query'].anon, { count: 10, seconds: 60 });
    assert.deepEqual(config.groupRights['*'], ['read', 'edit', 'createpage', 'strata-query']);
    assert.deepEqual(config.groupRights.sysop, ['apihighlimits', 'noratelimit', 'delete', 'editinterface']);
    const everyRight = Object.values(config.groupRights).flat();
    assert.ok(!everyRight.includes('strata-admin') && !everyRight.includes('strata-mapping-edit'));
  });

  test('rdfBaseUri follows listen unless set', () => {
    assert.equal(buildConfig({ listen: '127.0.0.1:9000' }).rdfBaseUri, 'http://127.0.0.1:9000');
    assert.equal(buildConfig({ rdfBaseUri: 'https://wiki.example.org/' }).rdfBaseUri, 'https://wiki.example.org');
  });

  test('with listen port 0, the default rdfBaseUri is the address the server bound', async () => {
    const site = await startSite();
    try {
      assert.match(site.url, /^http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
      assert.equal(site.config.rdfBaseUri, site.url);
    } finally {
      await site.stop();
      site.remove();
    }
    const fixed = await startSite({ config: { rdfBaseUri: 'https://wiki.example.org' } });
    try {
      assert.equal(fixed.config.rdfBaseUri, 'https://wiki.example.org');
    } finally {
      await fixed.stop();
      fixed.remove();
    }
  });

  test('a group named in the file replaces that group only; loginRequired takes read from *', () => {
    const config = buildConfig({ groupRights: { sysop: ['delete', 'strata-admin'] }, loginRequired: true });
    assert.deepEqual(config.groupRights.sysop, ['delete', 'strata-admin']);
    assert.deepEqual(config.groupRights.bot, ['apihighlimits', 'bot']);
    assert.ok(!config.groupRights['*'].includes('read'));
    assert.ok(config.groupRights.user.includes('read'));
  });
});

describe('errors', () => {
  const fails = (raw, pattern) => assert.throws(() => buildConfig(raw), (error) => error instanceof ConfigError && pattern.test(error.message));

  test('unknown keys are named, at any depth', () => {
    fails({ listn: '127.0.0.1:1' }, /unknown key "listn"/);
    fails({ readRestrictions: { namespace: {} } }, /unknown key "readRestrictions.namespace"/);
    fails({ queryLimits: { default: { timeoutSeconds: 1, maxRows: 1, rows: 2 }, expensive: { timeoutSeconds: 1, maxRows: 1 } } }, /unknown key "queryLimits.default.rows"/);
  });

  test('wrong types and values are named', () => {
    fails({ enforceValidation: 'yes' }, /key "enforceValidation" must be boolean/);
    fails({ titling: 'title-first' }, /key "titling" must be equal to one of the allowed values/);
    fails({ listen: 8484 }, /key "listen" must be string/);
    fails({ sourceKey: '1abc' }, /key "sourceKey" must match pattern/);
    fails({ queryLimits: { default: { timeoutSeconds: 1, maxRows: 1 } } }, /key "queryLimits" must have required property 'expensive'/);
    fails({ readRestrictions: { pages: { 'Bad|title': ['sysop'] } } }, /readRestrictions.pages.Bad\|title/);
    fails([], /the configuration must be object/);
    fails({ stores: { s: { type: 'neo4j' } } }, /stores.s.type.*must be equal to one of the allowed values/);
  });

  test('sources are checked: a rest.php base URL, both credentials or neither, a source key as name', () => {
    const base = 'http://127.0.0.1:9/rest.php';
    fails({ sources: { other: { baseUrl: 'http://127.0.0.1:9/api.php' } } }, /"sources.other.baseUrl" must be a wiki's rest.php URL/);
    fails({ sources: { other: { baseUrl: `${base}?x=1` } } }, /"sources.other.baseUrl" must be a wiki's rest.php URL/);
    fails({ sources: { other: { baseUrl: 'ftp://127.0.0.1/rest.php' } } }, /key "sources.other.baseUrl" must match pattern/);
    fails({ sources: { other: { baseUrl: base, botUser: 'Reader@bot' } } }, /key "sources.other" must have property botPassword/);
    fails({ sources: { other: { baseUrl: base, timeoutMs: 0 } } }, /key "sources.other.timeoutMs" must be >= 1/);
    fails({ sources: { '9lives': { baseUrl: base } } }, /not an allowed name/);
    fails({ sources: { other: { baseUrl: base, url: base } } }, /unknown key "sources.other.url"/);
    assert.deepEqual(buildConfig({ sources: { other: { baseUrl: `${base}/`, rdfBaseUri: 'https://other.example/' } } }).sources,
      { other: { baseUrl: base, rdfBaseUri: 'https://other.example' } });
  });

  test('a file that is not JSON, or missing when named, is an error naming the file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.json'), '{"listen": ');
    assert.throws(() => loadConfig({ path: join(dir, 'broken.json') }), /broken\.json is not valid JSON/);
    assert.throws(() => loadConfig({ path: join(dir, 'absent.json') }), /cannot read configuration file .*absent\.json/);
  });
});

test('the file comes from --config, else STRATA_CONFIG, else ./strata.config.json; dataDir is relative to it', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'etc'));
  writeFileSync(join(dir, 'etc', 'wiki.json'), JSON.stringify({ titling: 'subject-first', dataDir: 'data' }));
  writeFileSync(join(dir, 'strata.config.json'), JSON.stringify({ sourceKey: 'cwdwiki' }));

  const fromEnv = loadConfig({ env: { STRATA_CONFIG: 'etc/wiki.json' }, cwd: dir });
  assert.equal(fromEnv.titling, 'subject-first');
  assert.equal(fromEnv.dataDir, join(dir, 'etc', 'data'));
  assert.equal(loadConfig({ path: join(dir, 'etc', 'wiki.json'), env: { STRATA_CONFIG: 'nope.json' }, cwd: dir }).titling, 'subject-first');
  assert.equal(loadConfig({ env: {}, cwd: dir }).sourceKey, 'cwdwiki');
  assert.equal(loadConfig({ env: {}, cwd: join(dir, 'etc') }).file, null);
});

describe('readRestrictions', () => {
  const { db, config } = openSite({
    readRestrictions: { namespaces: { 7474: ['sysop'] }, pages: { 'Secret plans': ['staff'] } },
  });
  savePages(db, [
    { namespace: 7474, title: 'Person', baseRevisionId: null, mainSlot: '{}' },
    { namespace: 0, title: 'Secret plans', baseRevisionId: null, mainSlot: 'x' },
    { namespace: 0, title: 'Open', baseRevisionId: null, mainSlot: 'y' },
  ], { userId: null, name: 'x' }, '2026-01-01T00:00:00Z');
  const ops = (caller) => makeHostOps({ db, config, caller, log: quietLog });
  const anonymous = anonymousCaller(config, '127.0.0.1');
  const sysop = { ...anonymous, userId: 5, name: 'Root', anonymous: false, groups: ['*', 'user', 'sysop'] };

  test('only members of the listed groups may read', () => {
    assert.deepEqual(ops(anonymous).pageByTitle({ namespace: 7474, title: 'Person' }).access, { read: false, edit: false });
    assert.deepEqual(ops(anonymous).pageByTitle({ namespace: 0, title: 'Secret_plans' }).access, { read: false, edit: false });
    assert.deepEqual(ops(anonymous).pageByTitle({ namespace: 0, title: 'Open' }).access, { read: true, edit: true });
    assert.deepEqual(ops(sysop).pageByTitle({ namespace: 7474, title: 'Person' }).access, { read: true, edit: true });
    assert.equal(ops(sysop).pageByTitle({ namespace: 0, title: 'Secret plans' }).access.read, false);
  });

  test('loginRequired: anonymous callers read nothing', () => {
    const closed = buildConfig({ loginRequired: true });
    const caller = identify(db, closed, { cookieValue: null, ip: '127.0.0.1' }).caller;
    assert.ok(!caller.rights.includes('read'));
    assert.equal(makeHostOps({ db, config: closed, caller, log: quietLog }).pageByTitle({ namespace: 0, title: 'Open' }).access.read, false);
  });
});

test('the config op answers the core settings, with MediaWiki:Strata.json overriding enforceValidation', () => {
  const sources = { other: { baseUrl: 'http://127.0.0.1:9/rest.php', botUser: 'Reader@bot', botPassword: 'secret', timeoutMs: 100 } };
  const { db, config } = openSite({ sourceKey: 'acme', stores: { main: { type: 'sparql-http', url: 'http://127.0.0.1:7878' } }, sources });
  const logged = [];
  const ops = makeHostOps({ db, config, caller: anonymousCaller(config, '127.0.0.1'), log: (level, message) => logged.push([level, message]) });
  assert.deepEqual(ops.config({}), {
    sourceKey: 'acme', titling: 'page-first', enforceValidation: false, rdfBaseUri: 'http://127.0.0.1:0',
    dereferenceToDataTab: true, queryLimits: config.queryLimits, rateLimits: config.rateLimits,
    searchTimeoutMs: 5000, stores: { main: { type: 'sparql-http', url: 'http://127.0.0.1:7878' } },
    sources: { other: { baseUrl: 'http://127.0.0.1:9/rest.php', timeoutMs: 100 } },
    urls: { page: '/wiki/$1', script: '/index.php', rest: '/rest.php' },
  }, 'credentials stay with the host; the URL layout is the host\'s');

  const [page] = savePages(db, [{ namespace: 8, title: 'Strata.json', baseRevisionId: null, mainSlot: '{"enforceValidation": true}' }], { userId: null, name: 'x' }, 't').results;
  assert.equal(ops.config({}).enforceValidation, true);

  savePages(db, [{ pageId: page.pageId, namespace: 8, title: 'Strata.json', baseRevisionId: page.revisionId, mainSlot: '{"enforceValidation": 1' }], { userId: null, name: 'x' }, 't');
  assert.equal(ops.config({}).enforceValidation, false, 'a broken page falls back to the file');
  assert.match(logged.at(-1)[1], /not valid JSON/);
});
