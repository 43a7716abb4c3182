// Imports a folder laid out like the demo data: Schema/, Layout/, Mapping/ and Subject/ of JSON files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { maintenanceCaller } from './auth/caller.js';
import { NS_LAYOUT, NS_MAIN, NS_MAPPING, NS_SCHEMA, normalizeTitle, prefixedTitle } from './pages/namespaces.js';
import { editPage } from './pages/page-actions.js';

// Schemas first: the core checks Subjects against them.
const FOLDERS = [
  { folder: 'Schema', namespace: NS_SCHEMA, slot: 'main' },
  { folder: 'Layout', namespace: NS_LAYOUT, slot: 'main' },
  { folder: 'Mapping', namespace: NS_MAPPING, slot: 'main' },
  { folder: 'Subject', namespace: NS_MAIN, slot: 'subject' },
];

export class ImportError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ImportError';
  }
}

/**
 * Saves each file as one page, one transaction per page; a page whose text is unchanged is left alone.
 * `host`: `{db, config, core, log, stores}`. Reports each page through `report({title, outcome, info})`;
 * resolves to `{created, updated, unchanged, failed}` counts.
 */
export async function importFolder(host, dir, report = () => {}) {
  if (!existsSync(dir)) throw new ImportError(`no such folder: ${dir}`);
  const caller = maintenanceCaller(host.config);
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const { folder, namespace, slot } of FOLDERS) {
    const path = join(dir, folder);
    if (!existsSync(path)) continue;
    const files = readdirSync(path).filter((name) => name.endsWith('.json')).sort();
    for (const file of files) {
      const outcome = await importFile(host, caller, { namespace, slot, file: join(path, file) });
      counts[outcome.outcome] += 1;
      report(outcome);
    }
  }
  return counts;
}

async function importFile(host, caller, { namespace, slot, file }) {
  let title = basename(file, '.json');
  try {
    title = normalizeTitle(title);
    const result = await editPage({ ...host, caller }, {
      namespace, title, slot,
      text: readFileSync(file, 'utf8'),
      summary: 'Imported',
      baseRevisionId: null,
      createOnly: false,
      noCreate: false,
    });
    const shown = prefixedTitle(namespace, title);
    if (!result.ok) return { title: shown, outcome: 'failed', info: `${result.error.code}: ${result.error.info}` };
    if (result.result.noChange) return { title: shown, outcome: 'unchanged' };
    return { title: shown, outcome: result.result.new ? 'created' : 'updated' };
  } catch (error) {
    return { title: prefixedTitle(namespace, title), outcome: 'failed', info: error.message };
  }
}
