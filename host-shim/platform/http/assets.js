// Static assets under `/static/`: the browser code (`host-shim/browser/`, with its English messages), the core's loader
// (`host-shim/src/loader.js`) and the slim browser build of the core (`pkg/web-slim/`, with the JavaScript
// snippets wasm-bindgen copies under `snippets/`), at their paths in the repository so the loader's
// relative URL finds the module. Nothing else of the tree is served.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from './responses.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVED = [/^host-shim\/browser\/[\w.-]+\.(css|js)$/, /^host-shim\/browser\/i18n\/en\.json$/, /^host-shim\/src\/loader\.js$/, /^pkg\/web-slim\/[\w.-]+\.(js|wasm)$/, /^pkg\/web-slim\/snippets\/[\w-]+\/js\/[\w-]+\.js$/];
const TYPES = { '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' };

/** Answers `GET /static/<path>`: the file, or 404 for anything not on the list. */
export async function serveAsset(res, path) {
  const relative = path.slice('/static/'.length);
  if (!SERVED.some((pattern) => pattern.test(relative))) return send(res, 404, 'Not found', { 'content-type': 'text/plain' });
  let body;
  try {
    body = await readFile(join(ROOT, relative));
  } catch {
    return send(res, 404, 'Not found', { 'content-type': 'text/plain' });
  }
  return send(res, 200, body, { 'content-type': TYPES[extname(relative)], 'cache-control': 'no-cache' });
}
