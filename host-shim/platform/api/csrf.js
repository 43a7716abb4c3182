import { csrfTokenOf, tokensEqual } from '../auth/sessions.js';
import { ApiError, missingParam } from './api-error.js';

export function requireCsrfToken(request) {
  const given = request.params.token;
  if (given === undefined) throw missingParam('token');
  if (!tokensEqual(given, csrfTokenOf(request.session.current))) throw new ApiError('badtoken', 'Invalid CSRF token.');
}
