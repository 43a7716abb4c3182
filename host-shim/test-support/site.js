// A wiki on 127.0.0.1 with an ephemeral port and its data in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { startServer } from '../platform/server.js';
import { openStores } from '../platform/site-stores.js';

const made = new Set();
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder, removed when the process exits, whatever the test did with it. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'strata-test-'));
  made.add(dir);
  return dir;
}

export const quietLog = () => {};

/** `{db, config, dataDir}` without a server. */
export function openSite(configOverrides = {}, dataDir = tempDir()) {
  const config = buildConfig({ listen: '127.0.0.1:0', dataDir, ...configOverrides });
  return { db: openDatabase(config.dataDir), config, dataDir };
}

/**
 * A running server: `{url, db, config, dataDir, stores, stop(), remove()}`. `storeOptions` go to
 * `openStores` (`batchPages`).
 */
export async function startSite({ config: overrides = {}, core = null, dataDir, log = quietLog, storeOptions = {} } = {}) {
  const { db, config, dataDir: dir } = openSite(overrides, dataDir);
  const stores = openStores({ db, config, core, log, ...storeOptions });
  const { server, url } = await startServer({ db, config, core, log, stores });
  const stop = () => new Promise((resolve) => {
    server.close(async () => {
      await stores.close();
      db.close();
      resolve();
    });
    server.closeAllConnections();
  });
  return { url, db, config, core, dataDir: dir, stores, stop, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
