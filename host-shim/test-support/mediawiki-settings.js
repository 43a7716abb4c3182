// The reference host's configuration of an end-to-end test said in MediaWiki's terms, for a test run
// against a MediaWiki (target.js): `groupRights` (a group named replaces its list, as on the reference
// host), `loginRequired` (`*` loses `read`), `readRestrictions` (MediaWiki has no per-page read
// restriction of its own: a `getUserPermissionsErrors` hook in the test settings refuses every action
// on a restricted title or namespace to users outside its groups, as extensions such as Lockdown do),
// and bot-password grants.

const php = (value) => `'${String(value).replace(/[\\']/g, '\\$&')}'`;
const phpList = (values) => `[ ${values.map(php).join(', ')} ]`;

/** PHP statements for a wiki's LocalSettings.php that configure it as `settings` configure the reference host. */
export function mediaWikiSettings({ groupRights = {}, loginRequired = false, readRestrictions = null, ...rest }) {
  const unknown = Object.keys(rest);
  if (unknown.length) throw new Error(`no MediaWiki equivalent for the settings ${unknown.join(', ')}`);
  const lines = [];
  for (const [group, rights] of Object.entries(groupRights)) {
    lines.push(`$wgGroupPermissions[${php(group)}] = array_fill_keys( ${phpList(rights)}, true );`);
  }
  if (loginRequired) lines.push("$wgGroupPermissions['*']['read'] = false;");
  if (readRestrictions) lines.push(...restrictionHook(readRestrictions));
  return lines.join('\n');
}

function restrictionHook({ namespaces = {}, pages = {} }) {
  const groups = [...new Set([...Object.values(namespaces), ...Object.values(pages)].flat())];
  const entries = (map, key) => Object.entries(map).map(([name, allowed]) => `${key(name)} => ${phpList(allowed)}`).join(', ');
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
