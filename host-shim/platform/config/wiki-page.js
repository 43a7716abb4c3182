// The on-wiki configuration page `MediaWiki:Strata.json`: a JSON object whose keys override the file's.
import { NS_MEDIAWIKI } from '../pages/namespaces.js';
import { findPageByTitle } from '../storage/pages.js';

const WIKI_CONFIG_TITLE = 'Strata.json';

const KEYS = { enforceValidation: 'boolean' };

export function isWikiConfigPage(namespace, title) {
  return namespace === NS_MEDIAWIKI && title === WIKI_CONFIG_TITLE;
}

/** The overrides a page text sets; throws with a message naming the offending key. */
export function parseWikiConfig(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`MediaWiki:${WIKI_CONFIG_TITLE} is not valid JSON: ${error.message}`, { cause: error });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`MediaWiki:${WIKI_CONFIG_TITLE} must hold a JSON object`);
  }
  for (const [key, item] of Object.entries(value)) {
    if (!(key in KEYS)) throw new Error(`MediaWiki:${WIKI_CONFIG_TITLE}: unknown key "${key}"`);
    if (typeof item !== KEYS[key]) throw new Error(`MediaWiki:${WIKI_CONFIG_TITLE}: key "${key}" must be ${KEYS[key]}`);
  }
  return value;
}

/** The overrides stored on the wiki; a page that no longer parses is ignored with a warning. */
export function readWikiConfig(db, log) {
  const page = findPageByTitle(db, NS_MEDIAWIKI, WIKI_CONFIG_TITLE);
  if (!page) return {};
  try {
    return parseWikiConfig(page.mainSlot ?? '');
  } catch (error) {
    log('warning', `${error.message}; the configuration file's values apply`);
    return {};
  }
}
