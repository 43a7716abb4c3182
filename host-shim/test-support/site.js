// A wiki on 127.0.0.1 with an ephemeral port and its data in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { startServer } from '../platform/server.js';

export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'strata-test-'));
}

export const quietLog = () => {};

/** `{db, config, dataDir}` without a server. */
export function openSite(configOverrides = {}, dataDir = tempDir()) {
  const config = buildConfig({ listen: '127.0.0.1:0', dataDir, ...configOverrides });
  return { db: openDatabase(config.dataDir), config, dataDir };
}

/** A running server: `{url, db, config, dataDir, stop(), remove()}`. */
export async function startSite({ config: overrides = {}, core = null, dataDir } = {}) {
  const { db, config, dataDir: dir } = openSite(overrides, dataDir);
  const { server, url } = await startServer({ db, config, core, log: quietLog });
  const stop = () => new Promise((resolve) => {
    server.close(() => {
      db.close();
      resolve();
    });
    server.closeAllConnections();
  });
  return { url, db, config, dataDir: dir, stop, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
