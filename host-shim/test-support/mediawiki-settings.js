// The reference host's configuration of an end-to-end test said in MediaWiki's terms, for a test run
// against a MediaWiki (target.js):
// - `groupRights`: a group named replaces its list on the reference host; on MediaWiki the group gets
//   exactly the listed ones of the rights the reference host knows, and keeps MediaWiki's own, such
//   as `writeapi`, which an anonymous login through api.php needs;
// - `loginRequired`: `*` loses `read`;
// - `readRestrictions`: MediaWiki has no per-page read restriction of its own: a
//   `getUserPermissionsErrors` hook refuses every action on a restricted title or namespace to users
//   outside its groups, as extensions such as Lockdown do;
// - `queryLimits`: `$wgStrataQueryLimits`;
// - `stores`: listed before the wiki's own stores in `$wgStrataStores`, so that a query goes to the
//   first given store of its kind and every save still reaches the wiki's own stores;
// - `enforceValidation`: `$wgStrataEnforceValidation`; `testHoldSavesFile` (a test-only seam):
//   `$wgStrataTestHoldSavesFile`;
// and bot-password grants as MediaWiki's grant groups.

import { DEFAULT_GROUP_RIGHTS } from '../platform/config/defaults.js';

const php = (value) => `'${String(value).replace(/[\\']/g, '\\$&')}'`;

/** A JSON value (objects, arrays, strings, numbers, booleans) as a PHP literal. */
function phpValue(value) {
  if (Array.isArray(value)) return `[ ${value.map(phpValue).join(', ')} ]`;
  if (value !== null && typeof value === 'object') return `[ ${Object.entries(value).map(([key, item]) => `${php(key)} => ${phpValue(item)}`).join(', ')} ]`;
  return typeof value === 'string' ? php(value) : JSON.stringify(value);
}

/** PHP statements for a wiki's LocalSettings.php that configure it as `settings` configure the reference host. */
export function mediaWikiSettings({
  groupRights = {}, loginRequired = false, readRestrictions = null, queryLimits = null, stores = null, enforceValidation = null,
  testHoldSavesFile = null, ...rest
}) {
  const unknown = Object.keys(rest);
  if (unknown.length) throw new Error(`no MediaWiki equivalent for the settings ${unknown.join(', ')}`);
  const lines = [];
  for (const [group, rights] of Object.entries(groupRights)) {
    for (const right of new Set([...(DEFAULT_GROUP_RIGHTS[group] ?? []), ...rights])) {
      lines.push(`$wgGroupPermissions[${php(group)}][${php(right)}] = ${rights.includes(right)};`);
    }
  }
  if (loginRequired) lines.push("$wgGroupPermissions['*']['read'] = false;");
  if (readRestrictions) lines.push(...restrictionHook(readRestrictions));
  if (queryLimits) lines.push(`$wgStrataQueryLimits = ${phpValue(queryLimits)};`);
  if (stores) lines.push(`$wgStrataStores = ${phpValue(stores)} + $wgStrataStores;`);
  if (enforceValidation !== null) lines.push(`$wgStrataEnforceValidation = ${phpValue(enforceValidation)};`);
  if (testHoldSavesFile) lines.push(`$wgStrataTestHoldSavesFile = ${php(testHoldSavesFile)};`);
  return lines.join('\n');
}

function restrictionHook({ namespaces = {}, pages = {} }) {
  const groups = [...new Set([...Object.values(namespaces), ...Object.values(pages)].flat())];
  const entries = (map, key) => Object.entries(map).map(([name, allowed]) => `${key(name)} => ${phpValue(allowed)}`).join(', ');
  return [
    // A group nobody's rights name must still exist for users to be put in it.
    ...groups.map((group) => `$wgGroupPermissions[${php(group)}] ??= [];`),
    `$wgHooks['getUserPermissionsErrors'][] = static function ( $title, $user, $action, &$result ) {`,
    `	$byNamespace = [ ${entries(namespaces, Number)} ];`,
    `	$byTitle = [ ${entries(pages, php)} ];`,
    '	$allowed = $byTitle[$title->getPrefixedText()] ?? $byNamespace[$title->getNamespace()] ?? null;',
    '	if ( $allowed === null ) return true;',
    '	$groups = MediaWiki\\MediaWikiServices::getInstance()->getUserGroupManager()->getUserEffectiveGroups( $user );',
    '	if ( array_intersect( $allowed, $groups ) ) return true;',
    "	$result = [ 'badaccess-groups', implode( ', ', $allowed ), count( $allowed ) ];",
    '	return false;',
    '};',
  ];
}

/** The reference host's bot-password grants (rights) as MediaWiki's grant groups holding them. */
const GRANTS = { read: 'basic', 'strata-query': 'basic', edit: 'editpage', createpage: 'createeditmovepage', bot: 'highvolume' };

export function mediaWikiGrants(rights) {
  return [...new Set(rights.map((right) => {
    if (!GRANTS[right]) throw new Error(`no MediaWiki grant for the right ${right}`);
    return GRANTS[right];
  }))];
}
