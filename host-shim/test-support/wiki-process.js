// A real wiki for end-to-end tests: `strata serve` as a child process on 127.0.0.1 with an ephemeral
// port and its SQLite in a temporary folder; accounts are made with the admin command line.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { RestClient } from './rest-client.js';
import { tempDir } from './site.js';

export const CLI = fileURLToPath(new URL('../bin/strata.js', import.meta.url));

/**
 * Starts `strata serve` (`nodeArgs` go to Node, e.g. `--cpu-prof`); `url` resolves once it prints the
 * address it listens on.
 */
export function serve(configFile, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', '--config', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  const url = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]);
    });
    exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
  return { child, url, exited, output: () => output };
}

export class Wiki {
  /**
   * A wiki folder with `strata.config.json` (`config` merged over an ephemeral listen address). An
   * absolute `config.dataDir` serves data kept elsewhere, which `remove()` leaves alone.
   */
  constructor(config = {}) {
    this.dir = tempDir();
    this.configFile = join(this.dir, 'strata.config.json');
    writeFileSync(this.configFile, JSON.stringify({ listen: '127.0.0.1:0', dataDir: 'data', ...config }));
    this.dbFile = resolve(this.dir, config.dataDir ?? 'data', 'strata.sqlite');
    this.process = null;
  }

  /** Runs the admin command line; resolves to its stdout, rejects with its stderr. */
  async cli(...args) {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args, '--config', this.configFile]);
    return stdout;
  }

  async user(name, password, groups = []) {
    await this.cli('user', 'create', name, '--password', password);
    for (const group of groups) await this.cli('user', 'add-group', name, group);
  }

  /** `{loginName, password}` of a new bot password; `grants` null gives all of the user's rights. */
  async botPassword(user, bot, grants = null) {
    const stdout = await this.cli('botpassword', 'create', user, bot, ...(grants ? ['--grants', grants.join(',')] : []));
    const [loginName, password] = stdout.trim().split('\n');
    return { loginName, password };
  }

  async start({ nodeArgs = [] } = {}) {
    this.process = serve(this.configFile, nodeArgs);
    this.url = await this.process.url;
    return this;
  }

  /** Stops the server with `signal`; resolves to `{code, signal}` once it has exited. */
  async stop(signal = 'SIGTERM') {
    const { child, exited } = this.process;
    child.kill(signal);
    const outcome = await exited;
    this.process = null;
    return outcome;
  }

  /** A client logged in through api.php (anonymous without a name), holding its CSRF token. */
  async client(loginName = null, password = null) {
    const client = new RestClient(this.url);
    if (loginName) {
      const login = await client.login(loginName, password);
      assert.equal(login.result, 'Success', `login of ${loginName}: ${JSON.stringify(login)}`);
    }
    client.csrf = await client.token('csrf');
    return client;
  }

  /** Runs `read(db)` on a read-only connection to the wiki's database. */
  inspect(read) {
    const db = new Database(this.dbFile, { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  }

  async remove() {
    if (this.process) await this.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
