// The Subjects of a wiki folder (Schema/ and Subject/ JSON files, like examples/wiki) as validation work
// for the validation benchmarks: one item per Subject whose Schema is in the folder. Each context names
// the Subject's relation targets found in the folder with their Schemas, as a host passes them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const files = (dir, sub) => readdirSync(join(dir, sub)).filter((f) => f.endsWith('.json')).sort();

/** `{schemas: Map(name → Schema), work: [{schemaName, subject, context, subjectJson, contextJson}]}`. */
export function exampleSubjects(dir) {
  const schemas = new Map();
  for (const f of files(dir, 'Schema')) schemas.set(f.slice(0, -5).replaceAll('_', ' '), readJson(join(dir, 'Schema', f)));
  const pages = files(dir, 'Subject').map((f) => readJson(join(dir, 'Subject', f)));
  const schemaOf = new Map(pages.flatMap((page) => Object.entries(page.subjects ?? {}).map(([id, s]) => [id, s.schema])));
  const work = [];
  for (const page of pages) {
    for (const [id, subject] of Object.entries(page.subjects ?? {})) {
      if (!schemas.has(subject.schema)) continue;
      const context = { subjectId: id, isMain: page.mainSubject === id, knownSubjects: knownTargets(subject, schemaOf) };
      work.push({ schemaName: subject.schema, subject, context, subjectJson: JSON.stringify(subject), contextJson: JSON.stringify(context) });
    }
  }
  return { schemas, work };
}

function knownTargets(subject, schemaOf) {
  const known = {};
  for (const statement of Object.values(subject.statements ?? {})) {
    if (statement.propertyType !== 'relation' || !Array.isArray(statement.value)) continue;
    for (const part of statement.value) if (schemaOf.has(part?.target)) known[part.target] = schemaOf.get(part.target);
  }
  return known;
}
