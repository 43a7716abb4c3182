import { normalizeTitle } from './namespaces.js';

const CATEGORY_LINK = /\[\[\s*Category\s*:([^\]|]+)(?:\|[^\]]*)?\]\]/gi;

/** Category names linked from wikitext (`[[Category:Name|sort key]]`), in order, without duplicates. */
export function categoriesOf(wikitext) {
  const names = new Set();
  for (const [, raw] of String(wikitext ?? '').matchAll(CATEGORY_LINK)) {
    try {
      names.add(normalizeTitle(raw));
    } catch {
      // An invalid category name is no category link in MediaWiki either.
    }
  }
  return [...names];
}
