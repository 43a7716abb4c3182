import Database from 'better-sqlite3';
import { listSubjects as mine } from '../platform/storage/subject-lists.js';
import { listSubjects as main } from '/work/main/host-shim/platform/storage/subject-lists.js';
const db = new Database('/tmp/lists-sqlite/lists-1000000/strata.sqlite', { readonly: true });
db.pragma('cache_size = -65536'); db.pragma('mmap_size = 1073741824');
const words = (process.argv[2] ?? 'Toolkit Pil|Berger|Vienna|Lab|nna').split('|');
for (let round = 0; round < 3; round++) for (const [name, f] of [['main', main], ['mine', mine]]) for (const w of words) {
  const times = [];
  let r;
  for (let i = 0; i < 20; i++) { const s = process.hrtime.bigint(); r = f(db, { sort: 'name', direction: 'asc', schema: null, search: w, after: null, limit: 50, includeDependent: false, timeoutMs: 250 }); times.push(Number(process.hrtime.bigint() - s) / 1e6); }
  times.sort((a, b) => a - b);
  console.log(round, name, w.padEnd(12), 'median', times[10].toFixed(2), 'max', times[19].toFixed(2), 'rows', r.rows.length, r.timedOut);
}
