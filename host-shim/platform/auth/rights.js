/** The groups a logged-in user is in: the implicit `*` and `user`, then the stored ones. */
export function userGroups(storedGroups) {
  return ['*', 'user', ...storedGroups.filter((group) => group !== '*' && group !== 'user').sort()];
}

export function rightsOfGroups(groupRights, groups) {
  return [...new Set(groups.flatMap((group) => groupRights[group] ?? []))].sort();
}

/** A session opened with a bot password keeps only the rights granted to that bot password. */
export function restrictToGrants(rights, grants) {
  return grants ? rights.filter((right) => grants.includes(right)) : rights;
}
