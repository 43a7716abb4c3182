// The wiki's namespaces: MediaWiki's core ones the host uses plus Strata's own.
export const NS_MAIN = 0;
export const NS_MEDIAWIKI = 8;
export const NS_SCHEMA = 7474;
export const NS_LAYOUT = 7476;
export const NS_MAPPING = 7478;
const NS_SUBJECT = 7480;

const NAMES = new Map([
  [0, ''],
  [1, 'Talk'],
  [2, 'User'],
  [3, 'User talk'],
  [8, 'MediaWiki'],
  [9, 'MediaWiki talk'],
  [NS_SCHEMA, 'Schema'],
  [NS_SCHEMA + 1, 'Schema talk'],
  [NS_LAYOUT, 'Layout'],
  [NS_LAYOUT + 1, 'Layout talk'],
  [NS_MAPPING, 'Mapping'],
  [NS_MAPPING + 1, 'Mapping talk'],
  [NS_SUBJECT, 'Subject'],
  [NS_SUBJECT + 1, 'Subject talk'],
]);

const BY_LOWER_NAME = new Map([...NAMES].map(([id, name]) => [name.toLowerCase(), id]));

/** Pages whose content the Strata core checks: their edits go through `handlePageAction`. */
export const STRATA_NAMESPACES = new Set([NS_SCHEMA, NS_LAYOUT, NS_MAPPING]);

export function isKnownNamespace(id) {
  return NAMES.has(id);
}

/** Every namespace as `[id, name]`, the main one first. */
export function allNamespaces() {
  return [...NAMES];
}

export function namespaceName(id) {
  return NAMES.get(id);
}

/** The namespace id for a prefix as typed in a title (`schema_talk` → 7475), or undefined. */
export function namespaceByName(name) {
  return BY_LOWER_NAME.get(name.replace(/_/g, ' ').trim().toLowerCase());
}

/** The content model a page gets when the editor does not say. */
export function defaultContentModel(namespace, title) {
  if (namespace === NS_SCHEMA) return 'strata-schema';
  if (namespace === NS_LAYOUT) return 'strata-layout';
  if (namespace === NS_MAPPING) return 'strata-mapping';
  if (namespace === NS_MEDIAWIKI && title.endsWith('.json')) return 'json';
  return 'wikitext';
}
