// The wiki a host-agnostic end-to-end test talks to. By default a reference host of its own (`strata
// serve` in a temporary folder, wiki-process.js). With STRATA_E2E_URL set, the wiki already running
// there, such as a MediaWiki from scripts/test-mediawiki.sh:
//   STRATA_E2E_URL          its base URL (api.php and rest.php below it)
//   STRATA_E2E_BOTPASSWORD  a command; with [--grants=G,...] USER [GROUP ...] appended it makes USER
//                           (in the groups) and prints a new bot password's login name and password
//                           on two lines (MediaWiki grant names; all grants without --grants)
//   STRATA_E2E_USER         (optional) a command; with USER [GROUP ...] appended it makes USER (in the
//                           groups) and prints a new password of it, for logging in through the
//                           wiki's login form (browser tests); tests that need it are skipped
//   STRATA_E2E_SETTINGS     (optional) a command that makes the MediaWiki settings (PHP statements)
//                           it reads on stdin the wiki's test settings, replacing earlier ones (empty
//                           input: none); tests that configure the wiki are skipped without it
//   STRATA_E2E_CRASH        (optional) a command that kills the web server with SIGKILL and starts it
//                           again; tests that need it are skipped without it
//   STRATA_E2E_STORE        (optional) a command taking `stop|start STORE` (graph or sparql) that
//                           stops or starts one of the wiki's stores, and `forget graph` that removes
//                           the stopped FalkorDB's data; tests that need it are skipped
//   STRATA_E2E_FALKORDB_URL, STRATA_E2E_OXIGRAPH_URL
//                           the addresses of the wiki's FalkorDB and Oxigraph server; tests that
//                           need them are skipped without them
//   STRATA_E2E_HOST         the host's name in test output (default "an external wiki")
//   STRATA_E2E_KIND         which host it is, for the differences docs/decisions.md records
//                           (`byHost`): `mediawiki`, or the reference host's `reference`
// An external wiki is shared by every test file of a run, so tests name their Schemas and pages with
// `unique()`, and a file that configures it puts the settings back when it ends.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { mediaWikiGrants, mediaWikiSettings } from './mediawiki-settings.js';
import { OwnFalkorDb } from './own-falkordb.js';
import { storeUrls } from './stores-wiki.js';
import { Wiki } from './wiki-process.js';
import { RestClient } from './rest-client.js';

const run = promisify(execFile);
const env = process.env;

export const external = Boolean(env.STRATA_E2E_URL);
export const hostName = external ? env.STRATA_E2E_HOST ?? 'an external wiki' : 'the reference host';

/** The host's kind: `reference` (the default: a reference host of the test's own) or STRATA_E2E_KIND. */
export const hostKind = external ? env.STRATA_E2E_KIND ?? 'reference' : 'reference';

/**
 * What this host is expected to answer where hosts differ (each difference is in docs/decisions.md):
 * `expected` maps host kinds to values.
 */
export function byHost(expected) {
  if (!Object.hasOwn(expected, hostKind)) throw new Error(`no expectation for the host kind ${hostKind}`);
  return expected[hostKind];
}

/** `name` made unique to this run (letters only, so it is a valid Schema name and page title). */
export function unique(name) {
  return `${name}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[d])}`;
}

/**
 * `{falkordb, oxigraph, skip}`: the stores a test may configure and talk to itself. The reference
 * host's test stores (STRATA_FALKORDB_URL, STRATA_OXIGRAPH_URL), or the external wiki's own.
 */
export function storeAddresses() {
  if (!external) return storeUrls();
  const falkordb = env.STRATA_E2E_FALKORDB_URL;
  const oxigraph = env.STRATA_E2E_OXIGRAPH_URL;
  return { falkordb, oxigraph, skip: falkordb && oxigraph ? false : `${hostName}: no STRATA_E2E_FALKORDB_URL and STRATA_E2E_OXIGRAPH_URL` };
}

const COMMANDS = { botPassword: 'STRATA_E2E_BOTPASSWORD', crash: 'STRATA_E2E_CRASH', settings: 'STRATA_E2E_SETTINGS', store: 'STRATA_E2E_STORE', user: 'STRATA_E2E_USER' };

/**
 * A test's `skip` option: the reason it cannot run here, or false. `crash`, `settings`, `store`, `user`: it
 * needs that command of an external wiki; `missing`: what the external wiki does not have at all.
 */
export function skipUnless({ missing = null, ...needs } = {}) {
  for (const [need, variable] of Object.entries(COMMANDS)) {
    if (needs[need] && external && !env[variable]) return `${hostName}: no ${variable} command`;
  }
  if (missing && external) return `${hostName}: ${missing}`;
  return false;
}

/** Runs `command` (a shell command line) with `args` appended and `input` on stdin; resolves to stdout. */
function shell(command, args = [], input = '') {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${command} "$@"`, 'command', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.once('error', reject);
    // A command that does not read its input may exit before it is written (EPIPE): not an error.
    child.stdin.on('error', (error) => { if (error.code !== 'EPIPE') reject(error); });
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}: ${stderr}`))));
    child.stdin.end(input);
  });
}

/** The test file's target, started as `Target.start` does, and its sysop `Sam`: `{target, sam}`. */
export async function startWithSysop(options) {
  const target = await Target.start(options);
  return { target, sam: await target.client('Sam', ['sysop']) };
}

export class Target {
  /**
   * Starts the reference host, or attaches to the external wiki. `settings`: configuration in the
   * reference host's terms (`groupRights`, `loginRequired`, `readRestrictions`, `queryLimits`,
   * `stores`), given to the reference host's config file, or to an external MediaWiki as `$wg`
   * settings (mediawiki-settings.js). `ownGraphStore`: the graph store `store()` may stop, start and
   * empty: on the reference host a FalkorDB of the test's own as its only store, on an external wiki
   * its own. `wiki`: attach to this external wiki instead of the one the environment names (a
   * benchmark's own MediaWiki): `{url, name, commands}`, `commands` holding what the STRATA_E2E_*
   * commands hold (`botPassword`, and optionally `settings`, `crash`, `store`).
   */
  static async start({ settings = null, ownGraphStore = false, wiki = null } = {}) {
    const target = new Target();
    target.users = new Set();
    target.external = Boolean(wiki) || external;
    target.name = wiki?.name ?? hostName;
    target.commands = wiki?.commands ?? Object.fromEntries(Object.entries(COMMANDS).map(([need, variable]) => [need, env[variable]]));
    if (target.external) {
      target.url = (wiki?.url ?? env.STRATA_E2E_URL).replace(/\/$/, '');
      if (settings) await target.#configure(mediaWikiSettings(settings));
    } else {
      if (ownGraphStore) {
        // A FalkorDB of the test's own, so that stopping it disturbs no other test.
        target.graphServer = await OwnFalkorDb.create();
        await target.graphServer.start();
        settings = { ...settings, stores: { graph: { type: 'falkordb', url: target.graphServer.url } } };
      }
      target.wiki = new Wiki(settings ?? {});
      await target.wiki.start();
      target.url = target.wiki.url;
    }
    return target;
  }

  /**
   * Makes `php` the external wiki's test settings and waits until its web server applies them (PHP's
   * opcache serves the settings files of before for a moment): each set of settings names itself in
   * `$wgRightsText`, read back through api.php by a sysop of the target's own.
   */
  async #configure(php) {
    if (!this.commands.settings) throw new Error(`${this.name}: no STRATA_E2E_SETTINGS command to configure it`);
    this.settingsProbe ??= await this.client(unique('Settings'), ['sysop']);
    const marker = php ? unique('strata-e2e-settings-') : '';
    await shell(this.commands.settings, [], php ? `${php}\n$wgRightsText = '${marker}';\n` : '');
    const rightsText = async () => (await this.settingsProbe.get({ action: 'query', meta: 'siteinfo', siprop: 'rightsinfo' })).query.rightsinfo.text;
    const ends = Date.now() + 60_000;
    for (let text = await rightsText(); (marker ? text !== marker : text.startsWith('strata-e2e-settings-')); text = await rightsText()) {
      if (Date.now() > ends) throw new Error(`${this.name}: the test settings were not applied within 60 s`);
      await new Promise((done) => setTimeout(done, 250));
    }
    this.configured = Boolean(php);
  }

  /**
   * `{loginName, password}` of a new bot password of `user` (created when missing, in `groups`);
   * `grants`: the rights it is limited to, in the reference host's terms (null: all the user's).
   */
  async botPassword(user, groups = [], grants = null) {
    if (this.external) {
      const options = grants ? [`--grants=${mediaWikiGrants(grants).join(',')}`] : [];
      const stdout = await shell(this.commands.botPassword, [...options, user, ...groups]);
      const [loginName, password] = stdout.trim().split('\n');
      return { loginName, password };
    }
    if (!this.users.has(user)) await this.wiki.user(user, randomBytes(12).toString('hex'), groups);
    this.users.add(user);
    return this.wiki.botPassword(user, unique('bot'), grants);
  }

  /**
   * A new password of `user` (created when missing, in `groups`) on an external wiki, for its login
   * form (the reference host's own browser tests make their users through its platform).
   */
  async userPassword(user, groups = []) {
    if (!this.external || !this.commands.user) throw new Error(`${this.name}: no STRATA_E2E_USER command to make a user`);
    return (await shell(this.commands.user, [user, ...groups])).trim();
  }

  /** A REST client logged in as `user` (in `groups`) with a bot password, holding its CSRF token. */
  async client(user, groups = [], grants = null) {
    const { loginName, password } = await this.botPassword(user, groups, grants);
    const client = new RestClient(this.url);
    const login = await client.login(loginName, password);
    if (login.result !== 'Success') throw new Error(`login of ${loginName} on ${this.name}: ${JSON.stringify(login)}`);
    client.csrf = await client.token('csrf');
    return client;
  }

  /** A client with no session of a user, holding the anonymous CSRF token. */
  async anonymous() {
    const client = new RestClient(this.url);
    client.csrf = await client.token('csrf');
    return client;
  }

  /** Kills the web server with SIGKILL (requests in flight are cut off) and starts it again. */
  async crash() {
    if (this.external) {
      await run('bash', ['-c', this.commands.crash]);
    } else {
      await this.wiki.stop('SIGKILL');
      await this.wiki.start();
      this.url = this.wiki.url; // a new ephemeral port: clients made before the crash are stale
    }
  }

  /**
   * Lets an external wiki run queued jobs: MediaWiki runs them at the end of page views through
   * index.php (`$wgJobRunRate`), not of api.php or REST requests. The reference host runs its
   * rebuilds in the server process by itself.
   */
  async runQueuedJobs() {
    if (this.external) await (await fetch(`${this.url}/index.php?title=Special:BlankPage`)).arrayBuffer();
  }

  /** Stops (`stop`) or starts (`start`) the wiki's store `store`, or removes (`forget`) the stopped graph store's data. */
  async store(action, store) {
    if (this.external) {
      await shell(this.commands.store, [action, store]);
      return;
    }
    if (store !== 'graph' || !this.graphServer) throw new Error(`the reference host's target has no ${store} store of its own`);
    if (action === 'forget') this.graphServer.forgetData();
    else await this.graphServer[action]();
  }

  async remove() {
    if (this.configured) await this.#configure('');
    if (!this.external) await this.wiki.remove();
    await this.graphServer?.remove();
  }
}

/** The namespaces whose pages Strata writes: main, Schema, Layout, Mapping, Subject. */
const STRATA_NAMESPACES = [0, 7474, 7476, 7478, 7480];

/**
 * What a refused request must leave alone, read through api.php by `client` (who should read every
 * page): each page of the namespaces Strata writes, with its latest revision id.
 */
export async function storedState(client) {
  const pages = [];
  for (const namespace of STRATA_NAMESPACES) {
    let next = {};
    do {
      const answer = await client.get({ action: 'query', generator: 'allpages', gapnamespace: namespace, gaplimit: 'max', prop: 'info', ...next });
      for (const page of answer.query?.pages ?? []) pages.push([page.pageid, page.lastrevid]);
      next = answer.continue ?? null;
    } while (next);
  }
  return pages.sort((a, b) => a[0] - b[0]);
}

/** The latest revision id of page `pageId`, read through api.php. */
export async function latestRevisionId(client, pageId) {
  const [page] = (await client.get({ action: 'query', pageids: pageId, prop: 'info' })).query.pages;
  return page.lastrevid;
}
