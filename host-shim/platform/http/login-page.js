// The login form (a username and password of the wiki's users, or a bot password) and logout, on the
// sessions `api.php` uses. The form carries the session's login token, so a foreign site cannot log a
// reader into another account; logout needs the CSRF token.
import { authenticate } from '../auth.js';
import { csrfTokenOf, tokensEqual } from '../auth/sessions.js';
import { layout } from './layout.js';
import { escapeHtml } from './responses.js';

const FAILED = 'Incorrect username or password entered. Please try again.';

/** A local path to return to after logging in; anything else goes to the Main Page. */
function returnPath(raw) {
  return typeof raw === 'string' && /^\/(wiki|index\.php)\b/.test(raw) && !raw.startsWith('//') ? raw : '/wiki/Main_Page';
}

function form(token, returnTo, name = '', error = null) {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : '';
  return `${alert}<form class="login-form" method="post" action="/wiki/Special:UserLogin">
<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="returnto" value="${escapeHtml(returnTo)}">
<p><label for="login-name">Username</label><input id="login-name" name="username" autocomplete="username" required value="${escapeHtml(name)}"></p>
<p><label for="login-password">Password</label><input id="login-password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Log in</button></p></form>`;
}

const redirect = (location, setCookies) => ({ status: 303, html: '', headers: { location, 'set-cookie': setCookies } });

/** `Special:UserLogin`: the form (GET) or a login attempt (POST). */
export async function loginPage(host, request) {
  const { requestSession: session, user } = host;
  const returnTo = returnPath(request.form?.get('returnto') ?? request.query.get('returnto'));
  if (request.method !== 'POST') {
    if (user && !user.anonymous) return redirect(returnTo, session.setCookies);
    const token = session.ensure().loginToken;
    return { status: 200, html: layout('Log in', form(token, returnTo), { user }), headers: { 'set-cookie': session.setCookies } };
  }
  const name = request.form.get('username') ?? '';
  const retry = (message, status = 400) => {
    const token = session.ensure().loginToken;
    return { status, html: layout('Log in', form(token, returnTo, name, message), { user }), headers: { 'set-cookie': session.setCookies } };
  };
  if (!session.current || !tokensEqual(request.form.get('token'), session.current.loginToken)) {
    return retry('Your session has expired; please log in again.');
  }
  const account = name && request.form.get('password') ? await authenticate(host.db, name, request.form.get('password')) : null;
  if (!account) return retry(FAILED, 401);
  session.logIn(account);
  return redirect(returnTo, session.setCookies);
}

/** `Special:UserLogout`: a POST with the session's CSRF token ends the session. */
export function logout(host, request) {
  const { requestSession: session, user } = host;
  if (request.method !== 'POST' || !tokensEqual(request.form?.get('token'), csrfTokenOf(session.current))) {
    return { status: 400, html: layout('Log out', '<p>Use the Log out button to log out.</p>', { user }) };
  }
  session.logOut();
  return redirect('/wiki/Main_Page', session.setCookies);
}
