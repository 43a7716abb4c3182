// Validation throughput through wasm in Node, and the module's size. Usage:
//   node scripts/bench/validate-wasm.mjs [WIKI_DIR] [ROUNDS]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadCore } from '../../host-shim/src/loader.js';
import { exampleSubjects } from './example-subjects.mjs';

const dir = process.argv[2] ?? 'examples/wiki';
const rounds = Number(process.argv[3] ?? 2000);
const core = await loadCore();
const { schemas, work: subjects } = exampleSubjects(dir);
const validators = new Map([...schemas].map(([name, schema]) => [name, new core.Validator(name, schema)]));
const work = subjects.map((w) => ({ ...w, validator: validators.get(w.schemaName) }));

// The machine is shared and a single run can be off by half; each path is timed REPEATS times and the
// median and best runs are printed.
const REPEATS = 5;

function measure(label, fn) {
  for (const w of work) fn(w);
  const n = rounds * work.length;
  const rates = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const start = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) for (const w of work) fn(w);
    rates.push(n / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(REPEATS / 2)];
  console.log(`validate wasm (${label}): ${work.length} Subjects of ${dir} x ${rounds} rounds, ${REPEATS} runs: `
    + `median ${Math.round(median)} Subjects/s (${(1e6 / median).toFixed(2)} µs each), best ${Math.round(rates.at(-1))}, worst ${Math.round(rates[0])}`);
}

measure('Validator.validate, objects', (w) => w.validator.validate(w.subject, w.context));
measure('Validator.validateJson, JSON text', (w) => w.validator.validateJson(w.subjectJson, w.contextJson));

const wasm = readFileSync(new URL('../../pkg/web/strata_bg.wasm', import.meta.url));
console.log(`wasm size: ${wasm.length} bytes raw, ${gzipSync(wasm, { level: 9 }).length} bytes gzipped`);
