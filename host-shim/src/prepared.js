// Statements compiled once per database connection. Compiling is a large share of a small write, and a
// bulk import runs the same few statements for every page. Only for statements whose mode (`pluck`,
// `raw`, `expand`) is never changed: a cached statement keeps the mode it was given.
const caches = new WeakMap();

/** `db.prepare(sql)`, compiled on first use and kept for the connection. */
export function prepared(db, sql) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
