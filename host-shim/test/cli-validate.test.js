// `strata validate DIR`: a readable report over a wiki folder, through the real core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../test-support/site.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../bin/strata.js', import.meta.url));
const examples = fileURLToPath(new URL('../../examples/wiki', import.meta.url));

test('the example wiki validates with warnings only on its showcase page', async () => {
  const { stdout } = await run('node', [cli, 'validate', examples]);
  const flagged = stdout.split('\n').filter((l) => l.startsWith('✗'));
  assert.deepEqual(flagged, ['✗ Validation showcase']);
  assert.match(stdout, /^ {2}warning s1val1aaaaaaa01 "Contact phone": unregistered-type \("phoneNumber"\)$/m);
  assert.match(stdout, /^\d+ pages, \d+ Subjects: 0 errors, [1-9]\d* warnings, 0 refused$/m);
});

test('a page that cannot be normalized is reported as refused and the command fails', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'Schema'));
  mkdirSync(join(dir, 'Subject'));
  writeFileSync(join(dir, 'Schema', 'Note.json'), JSON.stringify({ propertyDefinitions: { Text: { type: 'text', required: { severity: 'error' } } } }));
  writeFileSync(join(dir, 'Subject', 'Good.json'), JSON.stringify({ mainSubject: 's1good000000001', subjects: { s1good000000001: { schema: 'Note', statements: {} } } }));
  writeFileSync(join(dir, 'Subject', 'Bad.json'), JSON.stringify({ subjects: { s1bad0000000001: { schema: 'Note', label: 'x', statements: { Text: { propertyType: 'text', value: 5 } } } } }));
  const failure = await run('node', [cli, 'validate', dir]).then(() => null, (e) => e);
  assert.equal(failure?.code, 1);
  assert.match(failure.stdout, /^✗ Bad\n {2}refused s1bad0000000001: value-shape-mismatch: /m);
  assert.match(failure.stdout, /^✗ Good\n {2}error {3}s1good000000001 "Text": required$/m);
  assert.match(failure.stdout, /^2 pages, 2 Subjects: 1 errors, 0 warnings, 1 refused$/m);
});
