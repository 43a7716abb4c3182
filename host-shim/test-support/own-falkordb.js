// A FalkorDB server of one test file's own, started with the project's script on a free port, for
// tests that pause, kill or restart it (the shared test store must not be disturbed).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './stores-wiki.js';

const SCRIPT = join(ROOT, 'scripts/stores/falkordb.sh');

/** A TCP port nobody listens on right now (the system picks it). */
export async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

export class OwnFalkorDb {
  static async create() {
    return new OwnFalkorDb(await freePort());
  }

  constructor(port) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
    this.dataDir = join(ROOT, `var/falkordb-${port}`);
    this.pidFile = join(ROOT, `var/falkordb-${port}.pid`);
  }

  #script(action) {
    return execFileSync(SCRIPT, [action], { env: { ...process.env, STRATA_FALKORDB_PORT: String(this.port) }, encoding: 'utf8' });
  }

  start() {
    this.#script('start');
  }

  stop() {
    this.#script('stop');
  }

  /** SIGKILL, as a crash; the PID file goes too (a zombie could still answer `kill -0`). */
  kill() {
    process.kill(Number(readFileSync(this.pidFile, 'utf8')), 'SIGKILL');
    rmSync(this.pidFile);
  }

  /** Removes the append-only file: the next start is that of a server without persistence. */
  forgetData() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  remove() {
    this.stop();
    this.forgetData();
  }
}
