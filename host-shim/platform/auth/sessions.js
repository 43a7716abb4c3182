import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { prepared } from '../../src/prepared.js';

export const SESSION_COOKIE = 'strata_session';
/** MediaWiki's token for callers who are not logged in: it only proves the client is not a plain form. */
const ANONYMOUS_CSRF_TOKEN = '+\\';

const USER_SESSION_DAYS = 30;
const ANONYMOUS_SESSION_DAYS = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

const sessionKey = (cookieValue) => createHash('sha256').update(cookieValue).digest('hex');
const token = () => `${randomBytes(16).toString('hex')}${ANONYMOUS_CSRF_TOKEN}`;

/** Stores a new session and returns the cookie value that names it (only its hash is stored). */
export function createSession(db, { userId = null, botName = null }, now = new Date()) {
  const cookieValue = randomBytes(32).toString('base64url');
  const days = userId === null ? ANONYMOUS_SESSION_DAYS : USER_SESSION_DAYS;
  db.prepare(
    `INSERT INTO session (id, user_id, bot_name, csrf_token, login_token, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sessionKey(cookieValue), userId, botName,
    userId === null ? ANONYMOUS_CSRF_TOKEN : token(), token(),
    now.toISOString(), new Date(now.getTime() + days * DAY_MS).toISOString(),
  );
  return { cookieValue, maxAgeSeconds: days * DAY_MS / 1000 };
}

/** The live session a cookie names, or null. */
export function findSession(db, cookieValue, now = new Date()) {
  if (!cookieValue) return null;
  const row = prepared(
    db,
    `SELECT user_id, bot_name, csrf_token, login_token FROM session WHERE id = ? AND expires_at > ?`,
  ).get(sessionKey(cookieValue), now.toISOString());
  return row ? { userId: row.user_id, botName: row.bot_name, csrfToken: row.csrf_token, loginToken: row.login_token } : null;
}

export function deleteSession(db, cookieValue) {
  prepared(db, 'DELETE FROM session WHERE id = ?').run(sessionKey(cookieValue));
}

export function purgeExpiredSessions(db, now = new Date()) {
  return db.prepare('DELETE FROM session WHERE expires_at <= ?').run(now.toISOString()).changes;
}

/** The CSRF token of a session; callers without a session share MediaWiki's anonymous token. */
export const csrfTokenOf = (session) => session?.csrfToken ?? ANONYMOUS_CSRF_TOKEN;

export function tokensEqual(given, expected) {
  if (typeof given !== 'string' || typeof expected !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
