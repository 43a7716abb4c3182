import { makeBridge } from '../../src/bridge.js';
import { csrfTokenOf, tokensEqual } from '../auth/sessions.js';
import { makeHostOps } from '../ops.js';
import { send, sendError } from './responses.js';

// Headers the core has no use for and should never see: the session secret.
const WITHHELD_HEADERS = new Set(['cookie']);

function forwardedHeaders(req) {
  return Object.fromEntries(Object.entries(req.headers)
    .filter(([name]) => !WITHHELD_HEADERS.has(name))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
}

/** The contract's `handleRoute` request for one `/rest.php/...` request. */
function routeRequest({ req, url, body, caller, session }) {
  return {
    method: req.method,
    path: url.pathname.slice('/rest.php'.length) || '/',
    query: Object.fromEntries(url.searchParams),
    headers: forwardedHeaders(req),
    body: body.toString('utf8'),
    caller: { ...caller, csrfValid: tokensEqual(req.headers['x-csrf-token'], csrfTokenOf(session)) },
  };
}

/** Passes a REST request to the core's `handleRoute` and writes its answer. */
export async function handleRest({ host, req, res, url, body, session }) {
  const { core, caller } = host;
  if (typeof core?.handleRoute !== 'function') {
    sendError(res, { rest: true }, 501, 'core-unavailable', 'The Strata core is not loaded (not built yet, or without handleRoute): the REST API is unavailable.');
    return;
  }
  const bridge = makeBridge(makeHostOps(host));
  const answer = JSON.parse(await core.handleRoute(JSON.stringify(routeRequest({ req, url, body, caller, session })), bridge));
  if (!Number.isInteger(answer?.status) || typeof answer.body !== 'string') {
    throw new Error('handleRoute answered without an integer "status" and a string "body"');
  }
  send(res, answer.status, answer.body, answer.headers ?? {});
}
