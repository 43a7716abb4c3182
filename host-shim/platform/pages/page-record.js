import { categoriesOf } from './categories.js';
import { prefixedTitle } from './namespaces.js';

/** A stored page with the facts the core reads beside its slots: the prefixed title and categories. */
export function describePage(page) {
  return page && {
    ...page,
    prefixedTitle: prefixedTitle(page.namespace, page.title),
    categories: page.contentModel === 'wikitext' ? categoriesOf(page.mainSlot) : [],
  };
}
