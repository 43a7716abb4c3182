// A FalkorDB server of one test file's own, started with the project's script on a free port, for
// tests that pause, kill or restart it (the shared test store must not be disturbed).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startStoresWiki } from './stores-wiki.js';

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

  // Asynchronous, so that an in-process wiki keeps serving (a blocked event loop lets keep-alive
  // connections expire under the client's feet).
  #script(action) {
    return promisify(execFile)(SCRIPT, [action], { env: { ...process.env, STRATA_FALKORDB_PORT: String(this.port) } });
  }

  async start() {
    await this.#script('start');
  }

  async stop() {
    await this.#script('stop');
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

  async remove() {
    await this.stop();
    this.forgetData();
  }
}

/**
 * A started FalkorDB of the caller's own and a stores wiki whose `graph` store it is:
 * `{server, wiki, remove()}`.
 */
export async function wikiOnOwnFalkorDb() {
  const server = await OwnFalkorDb.create();
  await server.start();
  const wiki = await startStoresWiki({ stores: { graph: { type: 'falkordb', url: server.url } } });
  return {
    server,
    wiki,
    async remove() {
      await wiki.site.stop();
      wiki.site.remove();
      await server.remove();
    },
  };
}
