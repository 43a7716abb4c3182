import { NS_MAPPING, NS_MEDIAWIKI, prefixedTitle } from '../pages/namespaces.js';

// Namespaces whose pages need a right beyond `edit` to change.
const NAMESPACE_EDIT_RIGHTS = new Map([
  [NS_MEDIAWIKI, 'editinterface'],
  [NS_MAPPING, 'strata-mapping-edit'],
]);

function allowedBy(restriction, groups) {
  return !restriction || groups.some((group) => restriction.has(group));
}

/** `{read, edit}` of a page for a caller: the facts every PageRecord carries. */
export function pageAccess(config, caller, namespace, title) {
  const { namespaces, pages } = config.readRestrictions;
  const read = caller.rights.includes('read')
    && allowedBy(namespaces.get(namespace), caller.groups)
    && allowedBy(pages.get(prefixedTitle(namespace, title)), caller.groups);
  const namespaceRight = NAMESPACE_EDIT_RIGHTS.get(namespace);
  const edit = read && caller.rights.includes('edit') && (!namespaceRight || caller.rights.includes(namespaceRight));
  return { read, edit };
}

export function mayCreate(config, caller, namespace, title) {
  return pageAccess(config, caller, namespace, title).edit && caller.rights.includes('createpage');
}

export function mayDelete(config, caller, namespace, title) {
  return pageAccess(config, caller, namespace, title).edit && caller.rights.includes('delete');
}
