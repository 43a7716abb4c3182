// The host's folders depend one way: `platform/` (the wiki) may use `stores/` (store clients, runs,
// rebuilds) and `src/` (the core's loader and bridge, shared helpers), never the reverse, so another
// host can reuse the store clients. The imports are read from the files, as tests/architecture.rs
// does for the Rust layers.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Which top folders of host-shim each folder may import from (besides itself and packages). */
const MAY_USE = { src: [], stores: ['src'], platform: ['src', 'stores'] };

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
}

/** The relative module paths a file imports (static `import ... from` and dynamic `import()`). */
export function importsOf(text) {
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g), ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)];
  return found.map((m) => m[1]);
}

test('the import scan sees static, re-exported and dynamic imports', () => {
  const text = "import { a } from '../platform/x.js';\nexport { b } from './y.js';\nconst c = await import('../stores/z.js');\nimport fs from 'node:fs';";
  assert.deepEqual(importsOf(text), ['../platform/x.js', './y.js', '../stores/z.js']);
});

test('src/ and stores/ import nothing of the folders above them', () => {
  const offences = [];
  for (const [folder, allowed] of Object.entries(MAY_USE)) {
    for (const file of jsFiles(join(ROOT, folder))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = relative(ROOT, resolve(dirname(file), spec)).split('/')[0];
        if (target !== folder && !allowed.includes(target) && Object.hasOwn(MAY_USE, target)) {
          offences.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
  }
  assert.deepEqual(offences, []);
});
