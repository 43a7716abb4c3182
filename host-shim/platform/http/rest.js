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

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text, or `null` when its bytes are not UTF-8 (the core refuses it then). */
function bodyText(body) {
  try {
    return STRICT_UTF8.decode(body);
  } catch {
    return null;
  }
}

/** The contract's `handleRoute` request for one `/rest.php/...` request. */
function routeRequest({ req, url, body, caller, session }) {
  const text = bodyText(body);
  return {
    method: req.method,
    path: url.pathname.slice('/rest.php'.length) || '/',
    query: Object.fromEntries(url.searchParams),
    headers: forwardedHeaders(req),
    body: text ?? '',
    bodyNotUtf8: text === null,
    caller: { ...caller, csrfValid: tokensEqual(req.headers['x-csrf-token'], csrfTokenOf(session)) },
  };
}

/** Passes a REST request to the core's `handleRoute` and writes its answer. */
export async function handleRest({ host, req, res, url, body, session }) {
  const { core, caller } = host;
  if (typeof core?.handleRoute !== 'function') {
    sendError(res, { rest: true, core }, 501, 'core-unavailable', 'The Strata core is not loaded (not built yet, or without handleRoute): the REST API is unavailable.');
    return;
  }
  const answer = await routeThroughCore(host, routeRequest({ req, url, body, caller, session }));
  send(res, answer.status, answer.body, answer.headers ?? {});
}

async function routeThroughCore(host, request) {
  const answer = JSON.parse(await host.core.handleRoute(JSON.stringify(request), makeBridge(makeHostOps(host))));
  if (!Number.isInteger(answer?.status) || typeof answer.body !== 'string') {
    throw new Error('handleRoute answered without an integer "status" and a string "body"');
  }
  return answer;
}

/** A JSON read of the REST API made by the server itself for `host.caller` (page views): `{status, body}`. */
export function readThroughCore(host, path, query = {}) {
  return callThroughCore(host, { method: 'GET', path, query });
}

/**
 * A REST request the server makes itself for `host.caller` (page views and their forms): `{status, body}`.
 * `csrfValid` is true only when the caller's form carried the session's CSRF token.
 */
export async function callThroughCore(host, { method, path, query = {}, body = null, csrfValid = false, ifMatch = null }) {
  const headers = { accept: 'application/json', ...(body === null ? {} : { 'content-type': 'application/json' }), ...(ifMatch ? { 'if-match': ifMatch } : {}) };
  const request = { method, path, query, headers, body: body === null ? '' : JSON.stringify(body), caller: { ...host.caller, csrfValid } };
  const answer = await routeThroughCore(host, request);
  return { status: answer.status, body: answer.body === '' ? null : JSON.parse(answer.body) };
}

/** Every item of a cursor-paginated list route (`/layouts`, `/schemas`) under `key`, as the caller may read them. */
export async function readWholeList(host, path, key) {
  const items = [];
  let cursor = null;
  do {
    const read = await readThroughCore(host, path, { limit: '500', ...(cursor ? { cursor } : {}) });
    if (read.status !== 200) return items;
    items.push(...read.body[key]);
    cursor = read.body.nextCursor;
  } while (cursor);
  return items;
}
