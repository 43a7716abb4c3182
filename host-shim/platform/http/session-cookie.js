import { parse, serialize } from 'cookie';
import { SESSION_COOKIE } from '../auth/sessions.js';

export function sessionCookieValue(cookieHeader) {
  return cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] ?? null : null;
}

/** `Set-Cookie` for a session: HttpOnly, SameSite=Lax, for the whole site. */
export function sessionCookie(value, maxAgeSeconds) {
  return serialize(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds });
}

export function expiredSessionCookie() {
  return serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
}
