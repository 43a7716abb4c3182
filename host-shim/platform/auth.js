import { burnVerificationTime, generateBotPassword, hashPassword, verifyPassword } from './auth/passwords.js';
import { normalizeTitle } from './pages/namespaces.js';
import { prepared } from '../src/prepared.js';

export class AccountError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AccountError';
  }
}

const INVALID_USER_NAME_CHARACTERS = /[@:>=/]/;
const MAX_BOT_NAME_LENGTH = 32;

/** A user name in its stored spelling (normalized like a title), or an AccountError. */
function normalizeUserName(raw) {
  let name;
  try {
    name = normalizeTitle(raw);
  } catch (error) {
    throw new AccountError(`invalid user name: ${error.message}`);
  }
  if (INVALID_USER_NAME_CHARACTERS.test(name)) throw new AccountError(`invalid user name "${name}": must not contain @ : > = /`);
  return name;
}

function findUser(db, rawName) {
  let name;
  try {
    name = normalizeUserName(rawName);
  } catch {
    return null;
  }
  return prepared(db, 'SELECT id, name, password_hash FROM user WHERE name = ?').get(name) ?? null;
}

export function userById(db, id) {
  return prepared(db, 'SELECT id, name FROM user WHERE id = ?').get(id) ?? null;
}

export async function createUser(db, rawName, password) {
  const name = normalizeUserName(rawName);
  if (typeof password !== 'string' || password.length < 8) throw new AccountError('the password must have at least 8 characters');
  if (findUser(db, name)) throw new AccountError(`user "${name}" already exists`);
  const hash = await hashPassword(password);
  const { lastInsertRowid } = db.prepare('INSERT INTO user (name, password_hash, created_at) VALUES (?, ?, ?)')
    .run(name, hash, new Date().toISOString());
  return { id: Number(lastInsertRowid), name };
}

function existingUser(db, rawName) {
  const user = findUser(db, rawName);
  if (!user) throw new AccountError(`no such user "${rawName}"`);
  return user;
}

export function addUserToGroup(db, rawName, group) {
  const user = existingUser(db, rawName);
  if (!group || group === '*' || group === 'user') throw new AccountError(`"${group}" is not a group users can be added to`);
  db.prepare('INSERT OR IGNORE INTO user_group (user_id, group_name) VALUES (?, ?)').run(user.id, group);
  return { name: user.name, groups: storedGroups(db, user.id) };
}

export function storedGroups(db, userId) {
  return prepared(db, 'SELECT group_name FROM user_group WHERE user_id = ? ORDER BY group_name').pluck().all(userId);
}

/** Creates (or replaces) a bot password; returns the login name `User@BotName` and the generated password. */
export async function createBotPassword(db, rawUserName, rawBotName, grants = null) {
  const user = existingUser(db, rawUserName);
  const botName = String(rawBotName ?? '').trim();
  if (!botName || botName.length > MAX_BOT_NAME_LENGTH || /[@\p{Cc}]/u.test(botName)) {
    throw new AccountError(`invalid bot name "${botName}": 1 to ${MAX_BOT_NAME_LENGTH} characters, no @`);
  }
  const password = generateBotPassword();
  const hash = await hashPassword(password);
  db.transaction(() => {
    // A new password for an existing bot name logs out the sessions opened with the old one.
    db.prepare('DELETE FROM session WHERE user_id = ? AND bot_name = ?').run(user.id, botName);
    db.prepare(
      `INSERT INTO bot_password (user_id, bot_name, password_hash, grants, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, bot_name) DO UPDATE SET password_hash = excluded.password_hash, grants = excluded.grants`,
    ).run(user.id, botName, hash, grants ? JSON.stringify(grants) : null, new Date().toISOString());
  })();
  return { loginName: `${user.name}@${botName}`, password };
}

/** `{grants}` of a user's bot password (grants null: all of the user's rights), or null when it is gone. */
export function botPasswordGrants(db, userId, botName) {
  const row = db.prepare('SELECT grants FROM bot_password WHERE user_id = ? AND bot_name = ?').get(userId, botName);
  return row ? { grants: row.grants ? JSON.parse(row.grants) : null } : null;
}

/**
 * Checks a login as `action=login` receives it: `User@BotName` with a bot password, or a user name with the
 * main password. Returns `{userId, name, botName}` or null.
 */
export async function authenticate(db, loginName, password) {
  const at = String(loginName).lastIndexOf('@');
  const user = findUser(db, at >= 0 ? loginName.slice(0, at) : loginName);
  if (at < 0) {
    if (!user) return burnVerificationTime(password).then(() => null);
    return (await verifyPassword(password, user.password_hash))
      ? { userId: user.id, name: user.name, botName: null }
      : null;
  }
  const botName = loginName.slice(at + 1).trim();
  const bot = user && db.prepare('SELECT password_hash FROM bot_password WHERE user_id = ? AND bot_name = ?')
    .get(user.id, botName);
  if (!bot) return burnVerificationTime(password).then(() => null);
  return (await verifyPassword(password, bot.password_hash)) ? { userId: user.id, name: user.name, botName } : null;
}
