// Step counts of 'Toolkit Pil' at 1M: statements run, rows each yields, and time to answer at several budgets.
import Database from 'better-sqlite3';
import { listSubjects as mine } from '../platform/storage/subject-lists.js';
import { listSubjects as main } from '/work/main/host-shim/platform/storage/subject-lists.js';
const db = new Database('/tmp/lists-sqlite/lists-1000000/strata.sqlite', { readonly: true });
db.pragma('cache_size = -65536'); db.pragma('mmap_size = 1073741824');
const search = process.argv[2] ?? 'Toolkit Pil';
for (const [name, f] of [['main', main], ['mine', mine]]) {
  const log = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql) => { const st = prepare(sql); const wrap = (m) => (...a) => { const s = process.hrtime.bigint(); const r = st[m](...a); log.push([sql.replace(/\s+/g, ' ').slice(0, 90), Array.isArray(r) ? r.length : 1, Number(process.hrtime.bigint() - s) / 1e6]); return r; };
    return { pluck() { st.pluck(); return this; }, all: wrap('all'), get: wrap('get'), iterate: (...a) => st.iterate(...a) }; };
  const q = { sort: 'name', direction: 'asc', schema: null, search, after: null, limit: 50, includeDependent: false, timeoutMs: 250 };
  f(db, q); log.length = 0;
  const r = f(db, q);
  db.prepare = prepare;
  console.log(`== ${name}: ${r.rows.length} rows; ${log.length} statements`);
  const agg = new Map();
  for (const [sql, rows, ms] of log) { const a = agg.get(sql) ?? [0, 0, 0]; agg.set(sql, [a[0] + 1, a[1] + rows, a[2] + ms]); }
  for (const [sql, [n, rows, ms]] of agg) console.log(`${String(n).padStart(3)} × ${sql.padEnd(90)} rows ${String(rows).padStart(7)} ${ms.toFixed(2)} ms`);
}
