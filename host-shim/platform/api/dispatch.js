import { ApiError } from './api-error.js';
import { formatVersion, toFormatVersion } from './format.js';
import { login, logout } from './login.js';
import { del, edit } from './page-changes.js';
import { query } from './query.js';

const ACTIONS = { query, login, logout, edit, delete: del };

// `assert=user|bot|anon`: the client states who it believes it is, and the request fails otherwise.
const ASSERTIONS = {
  user: (caller) => !caller.anonymous,
  bot: (caller) => caller.bot,
  anon: (caller) => caller.anonymous,
};

function checkAssertion({ params, caller }) {
  if (params.assert === undefined) return;
  if (!Object.hasOwn(ASSERTIONS, params.assert)) throw new ApiError('badvalue', `Unrecognized value for parameter "assert": ${params.assert}.`);
  if (!ASSERTIONS[params.assert](caller)) {
    throw new ApiError(`assert${params.assert}failed`, `You are not ${params.assert === 'anon' ? 'anonymous' : params.assert === 'bot' ? 'a bot' : 'logged in'}.`);
  }
}

async function run(request) {
  const { action, format } = request.params;
  if (format !== undefined && format !== 'json') {
    throw new ApiError('badvalue', `Unrecognized value for parameter "format": ${format}. This wiki answers format=json.`);
  }
  if (action === undefined) throw new ApiError('missingparam', 'The "action" parameter must be set.');
  if (!Object.hasOwn(ACTIONS, action)) throw new ApiError('badvalue', `Unrecognized value for parameter "action": ${action}.`);
  checkAssertion(request);
  return ACTIONS[action](request);
}

/**
 * Answers one api.php request. `request`: `{method, db, config, core, log, caller, session}`; `loadParams`
 * reads its parameters. Returns `{status, headers, body}` with MediaWiki's JSON shapes; errors are
 * `{error: {code, info}}`.
 */
export async function handleApi(request, loadParams) {
  const headers = { 'cache-control': 'private, must-revalidate, max-age=0' };
  try {
    const params = await loadParams();
    return { status: 200, headers, body: toFormatVersion(await run({ ...request, params }), formatVersion(params)) };
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: 200, headers: { ...headers, 'mediawiki-api-error': error.code }, body: { error: { ...error.data, code: error.code, info: error.message } } };
    }
    request.log('error', `api.php: ${error.stack ?? error}`);
    const code = `internal_api_error_${error?.name ?? 'Error'}`;
    return { status: 500, headers: { ...headers, 'mediawiki-api-error': code }, body: { error: { code, info: 'An internal error occurred; the server log has the details.' } } };
  }
}
