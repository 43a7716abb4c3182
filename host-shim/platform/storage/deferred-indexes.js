// Index upkeep deferred over a bulk import into an empty wiki. Keeping a dozen B-tree indexes, the
// trigram table and the counts row by row costs most of an import once the indexes outgrow the page
// cache (every insert lands on a random leaf); building them after the load sorts each once.
// `deferIndexes` drops the secondary indexes and triggers of the Subject index tables and records
// their SQL, as SQLite stored it, in `deferred_index`, in one transaction; `buildDeferredIndexes`
// recreates them, fills the trigram table and the counts from the rows, and clears the record. The
// record is durable, so a wiki whose import stopped half-way gets its indexes when it is next opened
// (`openDatabase`). Page rows and their index rows are still written together, batch by batch.
import { prepared } from '../../src/prepared.js';

const TABLES = ['subject_index', 'relation_index', 'revision_subject'];

/**
 * Defers index upkeep when the wiki holds no Subject index rows yet (or an earlier deferral is still
 * open); a wiki with Subjects keeps its indexes as rows go in. Returns whether upkeep is deferred.
 */
export function deferIndexes(db) {
  return db.transaction(() => {
    if (pendingCount(db) > 0) return true;
    if (db.prepare('SELECT 1 FROM subject_index LIMIT 1').get()) return false;
    const objects = db.prepare(`
      SELECT type, name, sql FROM sqlite_schema
      WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${TABLES.map(() => '?').join(', ')})
      ORDER BY type, name`).all(...TABLES);
    const record = db.prepare('INSERT INTO deferred_index (position, type, name, sql) VALUES (?, ?, ?, ?)');
    objects.forEach(({ type, name, sql }, position) => {
      record.run(position, type, name, sql);
      db.exec(`DROP ${type.toUpperCase()} "${name}"`);
    });
    return true;
  })();
}

/**
 * Builds whatever `deferIndexes` left out: each index in its own transaction, then the trigram table,
 * the counts and the triggers together, so saves made meanwhile are covered by the fill from the rows.
 */
export function buildDeferredIndexes(db) {
  const pending = () => db.prepare('SELECT position, type, name, sql FROM deferred_index ORDER BY position').all();
  for (const { position, sql } of pending().filter((row) => row.type === 'index')) {
    db.transaction(() => {
      db.exec(sql);
      prepared(db, 'DELETE FROM deferred_index WHERE position = ?').run(position);
    })();
  }
  const triggers = pending();
  if (triggers.length === 0) return;
  db.transaction(() => {
    // The values as the insert trigger of migration 5 writes them: each followed by two U+0001.
    db.exec(`
      INSERT INTO subject_search (subject_search) VALUES ('delete-all');
      INSERT INTO subject_search (rowid, display_name, page_title)
        SELECT row_id, display_name || char(1, 1), page_title || char(1, 1) FROM subject_index;
      DELETE FROM subject_count;
      INSERT INTO subject_count (schema, n) SELECT schema, COUNT(*) FROM subject_index GROUP BY schema;`);
    for (const { sql } of triggers) db.exec(sql);
    db.exec('DELETE FROM deferred_index');
  })();
}

function pendingCount(db) {
  return db.prepare('SELECT COUNT(*) FROM deferred_index').pluck().get();
}
