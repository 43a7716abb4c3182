// The wiki a host-agnostic end-to-end test talks to. By default a reference host of its own (`strata
// serve` in a temporary folder, wiki-process.js). With STRATA_E2E_URL set, the wiki already running
// there, such as a MediaWiki from scripts/test-mediawiki.sh:
//   STRATA_E2E_URL          its base URL (api.php and rest.php below it)
//   STRATA_E2E_BOTPASSWORD  a command; with USER [GROUP ...] appended it makes USER (in the groups)
//                           and prints a new bot password's login name and password on two lines
//   STRATA_E2E_CRASH        (optional) a command that kills the web server with SIGKILL and starts it
//                           again; tests that need it are skipped without it
//   STRATA_E2E_HOST         the host's name in test output (default "an external wiki")
// An external wiki is shared by every test file of a run, so tests name their Schemas and pages with
// `unique()`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Wiki } from './wiki-process.js';
import { RestClient } from './rest-client.js';

const run = promisify(execFile);
const env = process.env;

export const external = Boolean(env.STRATA_E2E_URL);
export const hostName = external ? env.STRATA_E2E_HOST ?? 'an external wiki' : 'the reference host';

/** `name` made unique to this run (letters only, so it is a valid Schema name and page title). */
export function unique(name) {
  return `${name}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[d])}`;
}

/** A test's `skip` option: the reason it cannot run here (`needs` names what it needs), or false. */
export function skipUnless({ crash = false, missing = null } = {}) {
  if (crash && external && !env.STRATA_E2E_CRASH) return `${hostName}: no STRATA_E2E_CRASH command to kill its web server`;
  if (missing && external) return `${hostName}: ${missing}`;
  return false;
}

export class Target {
  /**
   * Starts the reference host, or attaches to the external wiki. `given` overrides the environment:
   * `{url, botPassword, crash, name}` (the commands as strings).
   */
  static async start(given = null) {
    const target = new Target();
    target.users = new Set();
    target.external = given ? Boolean(given.url) : external;
    target.commands = given ?? { botPassword: env.STRATA_E2E_BOTPASSWORD, crash: env.STRATA_E2E_CRASH };
    target.name = given ? given.name ?? 'an external wiki' : hostName;
    if (target.external) {
      target.url = (given?.url ?? env.STRATA_E2E_URL).replace(/\/$/, '');
    } else {
      target.wiki = new Wiki();
      await target.wiki.start();
      target.url = target.wiki.url;
    }
    return target;
  }

  /** `{loginName, password}` of a new bot password of `user` (created when missing, in `groups`). */
  async botPassword(user, groups = []) {
    if (this.external) {
      const [command, ...args] = this.commands.botPassword.split(' ').filter(Boolean);
      const { stdout } = await run(command, [...args, user, ...groups]);
      const [loginName, password] = stdout.trim().split('\n');
      return { loginName, password };
    }
    if (!this.users.has(user)) await this.wiki.user(user, randomBytes(12).toString('hex'), groups);
    this.users.add(user);
    return this.wiki.botPassword(user, unique('bot'));
  }

  /** A REST client logged in as `user` (in `groups`) with a bot password, holding its CSRF token. */
  async client(user, groups = []) {
    const { loginName, password } = await this.botPassword(user, groups);
    const client = new RestClient(this.url);
    const login = await client.login(loginName, password);
    if (login.result !== 'Success') throw new Error(`login of ${loginName} on ${this.name}: ${JSON.stringify(login)}`);
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

  async remove() {
    if (!this.external) await this.wiki.remove();
  }
}
