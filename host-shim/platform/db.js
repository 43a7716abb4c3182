import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDeferredIndexes } from './storage/deferred-indexes.js';
import { MIGRATIONS } from './storage/migrations.js';

const DATABASE_FILE_NAME = 'strata.sqlite';

/** Opens (creating if needed) the wiki database in `dataDir` and brings its schema up to date. */
export function openDatabase(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE_NAME));
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the edit is acknowledged, even across a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Lists and searches read index and table pages at random. A 64 MiB page cache (the default is 2 MiB)
  // and memory-mapped reads serve them from memory; writes still go through the WAL.
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 1073741824');
  migrate(db);
  // A bulk import that stopped before building the indexes it deferred leaves that work here.
  buildDeferredIndexes(db);
  return db;
}

export function migrate(db) {
  const current = db.pragma('user_version', { simple: true });
  if (current > MIGRATIONS.length) {
    throw new Error(`database schema version ${current} is newer than this host (${MIGRATIONS.length}): upgrade the host`);
  }
  MIGRATIONS.slice(current).forEach((sql, offset) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + offset + 1}`);
    })();
  });
}
