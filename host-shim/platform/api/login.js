import { authenticate } from '../auth.js';
import { tokensEqual } from '../auth/sessions.js';
import { requirePost } from './api-error.js';
import { requireCsrfToken } from './csrf.js';

const FAILED = 'Incorrect username or password entered. Please try again.';

/** `action=login`: a bot password (`User@BotName`) or the main password, after a login token. */
export async function login(request) {
  requirePost(request);
  const { lgname, lgpassword, lgtoken } = request.params;
  const session = request.session.current;
  if (!session || lgtoken === undefined) {
    return { login: { result: 'NeedToken', token: request.session.ensure().loginToken } };
  }
  if (!tokensEqual(lgtoken, session.loginToken)) return { login: { result: 'WrongToken' } };
  if (!lgname || !lgpassword) return { login: { result: 'Failed', reason: FAILED } };
  const account = await authenticate(request.db, lgname, lgpassword);
  if (!account) return { login: { result: 'Failed', reason: FAILED } };
  request.session.logIn(account);
  return { login: { result: 'Success', lguserid: account.userId, lgusername: account.name } };
}

/** `action=logout`: ends the session; needs the CSRF token so a foreign page cannot log users out. */
export function logout(request) {
  requirePost(request);
  requireCsrfToken(request);
  request.session.logOut();
  return {};
}
