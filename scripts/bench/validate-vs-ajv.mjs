// Strata's wasm validation beside ajv (JSON Schema draft 2020-12) on the same Subjects in the same
// process. ajv validates against Strata's own JSON Schema export (GET /schema/{name}/json-schema of a
// reference wiki that imported the folder). Strata runs one call per Subject and one BatchValidator call
// per round. Runs alternate between the sides; the median of RUNS runs is printed for each, and the
// ratios Strata/ajv. Usage:
//   node scripts/bench/validate-vs-ajv.mjs [WIKI_DIR] [ROUNDS] [RUNS]
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { loadCore } from '../../host-shim/src/loader.js';
import { V0 } from '../../host-shim/test-support/rest-client.js';
import { Wiki } from '../../host-shim/test-support/wiki-process.js';
import { exampleSubjects } from './example-subjects.mjs';
import { median } from './load.mjs';

const dir = process.argv[2] ?? 'examples/wiki';
const rounds = Number(process.argv[3] ?? 200);
const runs = Number(process.argv[4] ?? 7);
const Ajv2020 = createRequire(new URL('../../host-shim/package.json', import.meta.url))('ajv/dist/2020').default;

/** Strata's JSON Schema export of each Schema, from a throwaway reference wiki holding the folder. */
async function exportedJsonSchemas(names) {
  const wiki = new Wiki();
  try {
    await wiki.cli('import', resolve(dir));
    await wiki.start();
    const client = await wiki.client();
    const out = new Map();
    for (const name of names) {
      const answer = await client.rest('GET', `${V0}/schema/${encodeURIComponent(name.replaceAll(' ', '_'))}/json-schema`);
      if (answer.status !== 200) throw new Error(`json-schema of ${name}: ${answer.status} ${answer.text}`);
      out.set(name, answer.json);
    }
    return out;
  } finally {
    await wiki.remove();
  }
}

const { schemas, work } = exampleSubjects(dir);
const core = await loadCore();
const jsonSchemas = await exportedJsonSchemas([...schemas.keys()]);
// ajv-formats is not a dependency; these checks stand in for it so ajv checks dates (and, loosely,
// email addresses) as Strata does.
const ajv = new Ajv2020({
  allErrors: true,
  formats: {
    date: /^\d{4}-\d{2}-\d{2}$/,
    'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  },
});
const items = work.map((w) => ({
  ...w,
  strata: new core.Validator(w.schemaName, schemas.get(w.schemaName)),
  ajv: ajv.getSchema(w.schemaName) ?? ajv.compile({ ...jsonSchemas.get(w.schemaName), $id: w.schemaName }),
}));

const batch = new core.BatchValidator(Object.fromEntries(schemas));
const batchItems = items.map((w) => ({ subject: w.subject, context: w.context }));
const each = (fn) => () => {
  for (const w of items) fn(w);
};

// Each side validates every item once per call of its function. Strata's batch gets one JSON text
// (built from the Subjects' texts inside the timed loop) or one array of the objects.
const paths = {
  'JSON text in': {
    strata: each((w) => w.strata.validateJson(w.subjectJson, w.contextJson)),
    'strata batch': () => batch.validateJson(`[${items.map((w) => `{"subject":${w.subjectJson},"context":${w.contextJson}}`).join(',')}]`),
    ajv: each((w) => w.ajv(JSON.parse(w.subjectJson))),
  },
  'JS objects in': {
    strata: each((w) => w.strata.validate(w.subject, w.context)),
    'strata batch': () => batch.validate(batchItems),
    ajv: each((w) => w.ajv(w.subject)),
  },
};

/** Subjects per second of one timed run of `round` (every item once), `rounds` times. */
function rate(round) {
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) round();
  return (rounds * items.length) / (Number(process.hrtime.bigint() - start) / 1e9);
}


const strataFindings = items.filter((w) => JSON.parse(w.strata.validateJson(w.subjectJson, w.contextJson)).violations.length > 0).length;
const ajvFindings = items.filter((w) => !w.ajv(w.subject)).length;
console.log(`validate vs ajv: ${items.length} Subjects of ${dir} (${schemas.size} Schemas), ${rounds} rounds a run, ${runs} runs a side, alternating`);
console.log(`  Subjects with findings: Strata ${strataFindings} (violations incl. warnings), ajv ${ajvFindings} (invalid)`);
console.log('  ajv checks (JSON Schema 2020-12 from Strata\'s export): object shape, schema name, propertyType per property, '
  + 'value types, required properties, min/maxLength, minimum/maximum, enum options, maxItems 1 where not multiple, '
  + 'uniqueItems, relation id pattern, language tag pattern, date and date-time formats');
console.log('  Strata checks beyond that: length in code points of trimmed text, URL syntax, real calendar dates and '
  + 'date/dateTime bounds, monolingual uniqueness by text and language, severities from the Schema (warnings vs errors), '
  + 'labels of main and non-main Subjects, relation targets known and of the allowed Schema, unregistered types, and a result with codes, paths and messages');
const batchAnswer = batch.validate(batchItems);
const batchFindings = batchAnswer.violations.filter((v) => v?.length > 0).length;
if (batchFindings !== strataFindings || batchAnswer.errors.length) throw new Error(`the batch found ${batchFindings}, one by one ${strataFindings}`);
for (const [label, side] of Object.entries(paths)) {
  const who = Object.keys(side);
  for (const w of who) side[w]();
  const rates = Object.fromEntries(who.map((w) => [w, []]));
  for (let run = 0; run < runs; run++) {
    // Who goes first rotates run by run.
    for (let k = 0; k < who.length; k++) {
      const w = who[(run + k) % who.length];
      rates[w].push(rate(side[w]));
    }
  }
  const m = Object.fromEntries(who.map((w) => [w, median(rates[w])]));
  console.log(`validate vs ajv (${label}): Strata wasm one call a Subject median ${Math.round(m.strata)} Subjects/s, `
    + `Strata wasm one batch median ${Math.round(m['strata batch'])} Subjects/s, ajv median ${Math.round(m.ajv)} Subjects/s, `
    + `Strata/ajv ${(m.strata / m.ajv).toFixed(2)}x one by one, ${(m['strata batch'] / m.ajv).toFixed(2)}x batched`);
}
