import { botPasswordGrants, storedGroups, userById } from '../auth.js';
import { restrictToGrants, rightsOfGroups, userGroups } from './rights.js';
import { findSession } from './sessions.js';

// Rights the import command needs whatever the configuration gives to groups.
const MAINTENANCE_RIGHTS = ['strata-admin', 'strata-mapping-edit'];

/**
 * The caller of one request, as the contract's `caller` object (without `csrfValid`): `name` is the IP
 * address for anonymous callers, as MediaWiki records them.
 */
function caller(config, { userId = 0, name, groups, grants = null }) {
  const rights = restrictToGrants(rightsOfGroups(config.groupRights, groups), grants);
  return { userId, name, anonymous: userId === 0, bot: rights.includes('bot'), groups, rights };
}

export function anonymousCaller(config, ip) {
  return caller(config, { name: ip, groups: ['*'] });
}

/** The session a cookie names and the caller it stands for; an unknown or expired cookie is anonymous. */
export function identify(db, config, { cookieValue, ip, now = new Date() }) {
  const session = findSession(db, cookieValue, now);
  const user = session?.userId ? userById(db, session.userId) : null;
  // A bot session ends with its bot password, and its grants are read afresh on each request.
  const bot = user && session.botName ? botPasswordGrants(db, user.id, session.botName) : null;
  if (!user || (session.botName && !bot)) return { session, caller: anonymousCaller(config, ip) };
  const groups = userGroups(storedGroups(db, user.id));
  return { session, caller: caller(config, { userId: user.id, name: user.name, groups, grants: bot?.grants }) };
}

/** The import command's caller: a member of every configured group, with the Strata rights added. */
export function maintenanceCaller(config) {
  const groups = [...new Set([
    ...userGroups(Object.keys(config.groupRights)),
    ...[...config.readRestrictions.namespaces.values(), ...config.readRestrictions.pages.values()].flatMap((set) => [...set]),
  ])];
  const base = caller(config, { name: 'Maintenance script', groups });
  return { ...base, userId: 0, anonymous: false, rights: [...new Set([...base.rights, ...MAINTENANCE_RIGHTS])].sort() };
}
