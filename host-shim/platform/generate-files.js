// Writes a generated wiki as a folder that `import` and `bulk-import` read: Schema/ and Subject/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePages, GENERATED_SCHEMAS } from './generate.js';

const fileName = (title) => `${title.replace(/ /g, '_')}.json`;

export function writeGeneratedWiki(dir, { total, seed }) {
  mkdirSync(join(dir, 'Schema'), { recursive: true });
  mkdirSync(join(dir, 'Subject'), { recursive: true });
  for (const [name, schema] of Object.entries(GENERATED_SCHEMAS)) {
    writeFileSync(join(dir, 'Schema', fileName(name)), `${JSON.stringify(schema, null, 2)}\n`);
  }
  for (const { title, content } of generatePages({ total, seed })) {
    writeFileSync(join(dir, 'Subject', fileName(title)), `${JSON.stringify(content)}\n`);
  }
}
