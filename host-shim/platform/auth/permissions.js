// The platform's page permissions: read restrictions by namespace and page, and the rights MediaWiki
// itself needs to change a page (`edit`, `editinterface` for the MediaWiki namespace, `createpage`).
// Strata's own rights on its pages (`strata-mapping-edit` for Mapping pages) are the core's to check.
import { NS_MEDIAWIKI, prefixedTitle } from '../pages/namespaces.js';

function allowedBy(restriction, groups) {
  return !restriction || groups.some((group) => restriction.has(group));
}

/** `{read, edit}` of a page for a caller: the facts every PageRecord carries. */
export function pageAccess(config, caller, namespace, title) {
  const { namespaces, pages } = config.readRestrictions;
  const read = caller.rights.includes('read')
    && allowedBy(namespaces.get(namespace), caller.groups)
    && allowedBy(pages.get(prefixedTitle(namespace, title)), caller.groups);
  const edit = read && caller.rights.includes('edit') && (namespace !== NS_MEDIAWIKI || caller.rights.includes('editinterface'));
  return { read, edit };
}

export function mayCreate(config, caller, namespace, title) {
  return pageAccess(config, caller, namespace, title).edit && caller.rights.includes('createpage');
}
