// A MediaWiki of its own for a benchmark: scripts/mediawiki.sh starts it in a temporary folder on
// `port` (its FalkorDB and Oxigraph on the next two ports), and `stop` stops it and removes the folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Target } from '../../host-shim/test-support/target.js';

const SCRIPT = fileURLToPath(new URL('../mediawiki.sh', import.meta.url));
const run = promisify(execFile);

/** `{target, stop}` of a new empty wiki on `db`, with its stores when `stores`, named `name`. */
export async function startMediaWiki({ db, port, stores, name }) {
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-mw-'));
  const env = { ...process.env, STRATA_FALKORDB_PORT: String(port + 1), STRATA_OXIGRAPH_PORT: String(port + 2) };
  await run(SCRIPT, ['start', '--empty', ...(stores ? [] : ['--no-stores']), dir, String(port), db], { env });
  const target = await Target.start({ wiki: { url: `http://127.0.0.1:${port}`, name, commands: { botPassword: `${SCRIPT} botpassword ${dir}` } } });
  return { target, stop: async () => { await run(SCRIPT, ['stop', dir], { env }); rmSync(dir, { recursive: true, force: true }); } };
}
