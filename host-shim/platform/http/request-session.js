import { createSession, deleteSession, findSession } from '../auth/sessions.js';
import { expiredSessionCookie, sessionCookie } from './session-cookie.js';

/**
 * The session of one request and the `Set-Cookie` headers its changes need. `current` is the stored
 * session the request's cookie names, or null.
 */
export function makeRequestSession(db, cookieValue, current) {
  const setCookies = [];
  const state = { cookieValue: current ? cookieValue : null, session: current };

  const start = (owner) => {
    if (state.cookieValue) deleteSession(db, state.cookieValue);
    const { cookieValue: value, maxAgeSeconds } = createSession(db, owner);
    state.cookieValue = value;
    state.session = findSession(db, value);
    setCookies.push(sessionCookie(value, maxAgeSeconds));
    return state.session;
  };

  return {
    setCookies,
    get current() {
      return state.session;
    },
    /** The session, opening an anonymous one when the request has none (as asking for a login token does). */
    ensure: () => state.session ?? start({}),
    /** A fresh session for a user who just logged in: a new id, so a planted cookie cannot ride along. */
    logIn: ({ userId, botName }) => start({ userId, botName }),
    logOut: () => {
      if (state.cookieValue) deleteSession(db, state.cookieValue);
      state.cookieValue = null;
      state.session = null;
      setCookies.push(expiredSessionCookie());
    },
  };
}
