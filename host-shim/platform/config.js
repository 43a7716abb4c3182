import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Ajv from 'ajv';
import { configSchema } from './config/schema.js';
import { DEFAULT_GROUP_RIGHTS, DEFAULTS } from './config/defaults.js';
import { parsePrefixedTitle, prefixedTitle } from './pages/namespaces.js';

const CONFIG_FILE_NAME = 'strata.config.json';

export class ConfigError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ConfigError';
  }
}

const validate = new Ajv({ allErrors: true }).compile(configSchema);

/**
 * Reads the configuration file: `path`, else `$STRATA_CONFIG`, else `strata.config.json` in `cwd` when
 * it exists, else nothing (all defaults). Relative paths in the file resolve against its folder.
 */
export function loadConfig({ path, env = process.env, cwd = process.cwd() } = {}) {
  const explicit = path ?? env.STRATA_CONFIG;
  const file = explicit ? resolve(cwd, explicit) : resolve(cwd, CONFIG_FILE_NAME);
  if (!explicit && !existsSync(file)) return buildConfig({}, { baseDir: cwd, file: null });
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read configuration file ${file}: ${error.message}`);
  }
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`configuration file ${file} is not valid JSON: ${error.message}`);
  }
  return buildConfig(raw, { baseDir: dirname(file), file });
}

/** Checks a parsed configuration object and completes it with defaults. */
export function buildConfig(raw, { baseDir = process.cwd(), file = null } = {}) {
  if (!validate(raw)) {
    const where = file ? ` in ${file}` : '';
    throw new ConfigError(`invalid configuration${where}: ${validate.errors.map(describeError).filter(Boolean).join('; ')}`);
  }
  const merged = { ...DEFAULTS, ...raw };
  const [host, port] = splitListen(merged.listen);
  return {
    ...merged,
    file,
    listen: { host, port },
    dataDir: resolve(baseDir, merged.dataDir),
    rdfBaseUri: (raw.rdfBaseUri ?? `http://${merged.listen}`).replace(/\/+$/, ''),
    // Without an rdfBaseUri, the server's own address is the base: `startServer` fills in the bound port.
    rdfBaseUriFromListen: raw.rdfBaseUri === undefined,
    groupRights: effectiveGroupRights(raw.groupRights ?? {}, merged.loginRequired),
    readRestrictions: compileReadRestrictions(merged.readRestrictions),
    sources: Object.fromEntries(Object.entries(merged.sources).map(([key, source]) => [key, checkedSource(key, source)])),
  };
}

/** A source's URLs without trailing slashes; its base URL must be the `rest.php` of a wiki. */
function checkedSource(key, source) {
  const baseUrl = source.baseUrl.replace(/\/+$/, '');
  const url = new URL(baseUrl);
  if (url.search || url.hash || url.username || url.password || !url.pathname.endsWith('/rest.php')) {
    throw new ConfigError(`invalid configuration: key "sources.${key}.baseUrl" must be a wiki's rest.php URL without query, fragment or user info`);
  }
  return { ...source, baseUrl, ...(source.rdfBaseUri && { rdfBaseUri: source.rdfBaseUri.replace(/\/+$/, '') }) };
}

function describeError(error) {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'additionalProperties') {
    return `unknown key "${[...path, error.params.additionalProperty].join('.')}"`;
  }
  if (error.propertyName !== undefined) {
    return `key "${[...path, error.propertyName].join('.')}" is not an allowed name`;
  }
  if (error.keyword === 'propertyNames') return null;
  if (path.length === 0) return `the configuration ${error.message}`;
  return `key "${path.join('.')}" ${error.message}`;
}

function splitListen(listen) {
  const colon = listen.lastIndexOf(':');
  const host = listen.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(listen.slice(colon + 1));
  if (port > 65535) throw new ConfigError(`invalid configuration: key "listen" has port ${port} above 65535`);
  return [host, port];
}

/** Groups named in the file replace that group's default list; a login-only wiki takes `read` from `*`. */
function effectiveGroupRights(configured, loginRequired) {
  const rights = { ...DEFAULT_GROUP_RIGHTS, ...configured };
  if (loginRequired) rights['*'] = rights['*'].filter((right) => right !== 'read');
  return Object.fromEntries(Object.entries(rights).map(([group, list]) => [group, [...list]]));
}

function compileReadRestrictions({ namespaces = {}, pages = {} }) {
  const pageEntries = Object.entries(pages).map(([raw, groups]) => {
    try {
      const { namespace, title } = parsePrefixedTitle(raw);
      return [prefixedTitle(namespace, title), new Set(groups)];
    } catch (error) {
      throw new ConfigError(`invalid configuration: key "readRestrictions.pages.${raw}": ${error.message}`);
    }
  });
  return {
    namespaces: new Map(Object.entries(namespaces).map(([ns, groups]) => [Number(ns), new Set(groups)])),
    pages: new Map(pageEntries),
  };
}
