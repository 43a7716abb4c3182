// Writes the generated wiki that lists.mjs imports on the reference host (host-shim/platform/generate.js:
// 10 Subjects a page, 12 Statements each) in the forms MediaWiki's importers read: DIR/Schema/,
// DIR/Layout/ and DIR/Mapping/, one JSON file per page (for maintenance/importFolder.php), and, when
// SUBJECTS is given, the Subject pages as NDJSON on standard output, one `{title, content}` a line
// (for maintenance/importPages.php). Usage:
//   node scripts/bench/generated-wiki.mjs DIR [SUBJECTS] > pages.ndjson
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePages, GENERATED_SCHEMAS, SUBJECTS_PER_PAGE } from '../../host-shim/platform/generate.js';
import { LAYOUTS, MAPPINGS } from './list-endpoints.mjs';

const [dir, subjects] = [process.argv[2], Number(process.argv[3] ?? 0)];
if (!dir || !(subjects >= 0)) {
  console.error('usage: node scripts/bench/generated-wiki.mjs DIR [SUBJECTS] > pages.ndjson');
  process.exit(2);
}
const folder = (name, pages) => {
  mkdirSync(join(dir, name), { recursive: true });
  for (const { title, text } of pages) writeFileSync(join(dir, name, `${title}.json`), text);
};
folder('Schema', Object.entries(GENERATED_SCHEMAS).map(([title, schema]) => ({ title, text: JSON.stringify(schema) })));
folder('Layout', LAYOUTS);
folder('Mapping', MAPPINGS);

// Lines go out in chunks, waiting whenever the pipe is full, so memory stays flat at any size.
let chunk = [];
const flush = () => new Promise((resolve) => {
  const text = chunk.join('');
  chunk = [];
  if (process.stdout.write(text)) resolve();
  else process.stdout.once('drain', resolve);
});
for (const page of generatePages({ total: Math.floor(subjects / SUBJECTS_PER_PAGE) })) {
  chunk.push(`${JSON.stringify(page)}\n`);
  if (chunk.length >= 500) await flush();
}
await flush();
