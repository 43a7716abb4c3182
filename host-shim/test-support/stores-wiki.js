// A wiki with the real test stores configured, the demo Schemas and Mappings seeded, and callers of
// every kind logged in, for the store and query tests.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ApiClient } from './api-client.js';
import { startSite } from './site.js';
import { addUserToGroup, createBotPassword, createUser } from '../platform/auth.js';
import { NS_MAPPING, NS_SCHEMA } from '../platform/pages/namespaces.js';
import { savePages } from '../platform/storage/page-writes.js';
import { loadCore } from '../src/loader.js';
import { missingStore } from './store-skip.js';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const EXAMPLE = join(ROOT, 'examples/wiki');

/** Fails under CI when a store address is missing; otherwise a skip reason, or false. */
export function storeUrls() {
  const falkordb = process.env.STRATA_FALKORDB_URL;
  const oxigraph = process.env.STRATA_OXIGRAPH_URL;
  const missing = [!falkordb && 'STRATA_FALKORDB_URL', !oxigraph && 'STRATA_OXIGRAPH_URL'].filter(Boolean);
  return { falkordb, oxigraph, skip: missing.length ? missingStore(`${missing.join(' and ')} not set`) : false };
}

const SYSOP_RIGHTS = ['apihighlimits', 'noratelimit', 'delete', 'editinterface', 'strata-admin', 'strata-mapping-edit'];

/**
 * `stores`: the `stores` configuration. Seeds the Schemas and Mappings of `wikiDir` straight into
 * storage (the core's page actions are not needed for that), and makes the callers: `admin`
 * (sysop), `user`, `bot` (a bot password of a bot-group user), `anon`.
 */
export async function startStoresWiki({ stores, wikiDir = EXAMPLE, config = {}, storeOptions } = {}) {
  const core = await loadCore();
  const site = await startSite({ core, config: { groupRights: { sysop: SYSOP_RIGHTS }, stores, ...config }, storeOptions });
  const author = { userId: null, name: 'Seeder' };
  for (const [folder, namespace] of [['Schema', NS_SCHEMA], ['Mapping', NS_MAPPING]]) {
    for (const file of jsonFiles(join(wikiDir, folder))) {
      const title = basename(file, '.json').replaceAll('_', ' ');
      savePages(site.db, [{ pageId: null, namespace, title, baseRevisionId: null, comment: 'seed', mainSlot: readFileSync(file, 'utf8'), subjectSlot: null }], author, '2026-01-01T00:00:00Z');
    }
  }
  await createUser(site.db, 'Admin', 'admin password 1');
  addUserToGroup(site.db, 'Admin', 'sysop');
  await createUser(site.db, 'Reader', 'reader password 1');
  await createUser(site.db, 'Robot', 'robot password 1');
  addUserToGroup(site.db, 'Robot', 'bot');
  const { loginName, password } = await createBotPassword(site.db, 'Robot', 'queries');
  const callers = {
    admin: await restCaller(site.url, 'Admin', 'admin password 1'),
    user: await restCaller(site.url, 'Reader', 'reader password 1'),
    bot: await restCaller(site.url, loginName, password),
    anon: await restCaller(site.url),
  };
  return { site, core, callers };
}

function jsonFiles(dir) {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/** A REST caller with a session: `call(method, path, body)` answers `{status, body}` (JSON parsed when it is). */
export async function restCaller(url, name, password) {
  const api = new ApiClient(url);
  if (name) {
    const login = await api.login(name, password);
    if (login.result !== 'Success') throw new Error(`login of ${name} failed: ${JSON.stringify(login)}`);
  }
  const token = await api.token('csrf');
  return {
    async call(method, path, body) {
      const response = await fetch(`${url}/rest.php/strata/v0${path}`, {
        method,
        headers: { cookie: api.cookieHeader(), 'x-csrf-token': token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch { /* not JSON: kept as text */ }
      return { status: response.status, body: parsed };
    },
  };
}
