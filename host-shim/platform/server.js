import { createServer } from 'node:http';
import { identify } from './auth/caller.js';
import { csrfTokenOf } from './auth/sessions.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { handleApi } from './api/dispatch.js';
import { readParams } from './api/params.js';
import { serveAsset } from './http/assets.js';
import { PayloadTooLargeError, readBody } from './http/body.js';
import { viewPage } from './http/page-view.js';
import { makeRequestSession } from './http/request-session.js';
import { handleRest } from './http/rest.js';
import { send, sendError, sendHtml, sendJson } from './http/responses.js';
import { sessionCookieValue } from './http/session-cookie.js';

const MAIN_PAGE = 'Main_Page';
const HOUR_MS = 60 * 60 * 1000;

function clientAddress(req) {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/** `{kind, title}` for a request path: rest, api, view, home, malformed or unknown. */
function routeOf(url) {
  const path = url.pathname;
  if (path === '/rest.php' || path.startsWith('/rest.php/')) return { kind: 'rest' };
  if (path === '/api.php') return { kind: 'api' };
  if (path === '/index.php') return { kind: 'view', title: url.searchParams.get('title') ?? MAIN_PAGE, action: url.searchParams.get('action') };
  if (path.startsWith('/wiki/')) {
    try {
      return { kind: 'view', title: decodeURIComponent(path.slice('/wiki/'.length)), action: url.searchParams.get('action') };
    } catch {
      return { kind: 'malformed' };
    }
  }
  if (path === '/') return { kind: 'home' };
  if (path.startsWith('/static/')) return { kind: 'asset' };
  return { kind: 'unknown' };
}

async function serve(site, req, res) {
  const url = new URL(req.url, 'http://localhost');
  const route = routeOf(url);
  const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
  const cookieValue = sessionCookieValue(req.headers.cookie);
  const { session, caller } = identify(site.db, site.config, { cookieValue, ip: clientAddress(req) });
  const host = { ...site, caller };

  switch (route.kind) {
    case 'rest':
      return handleRest({ host, req, res, url, body, session });
    case 'api': {
      const requestSession = makeRequestSession(site.db, cookieValue, session);
      const answer = await handleApi(
        { ...host, method: req.method, session: requestSession },
        () => readParams(req.method, url, body, req.headers['content-type']),
      );
      return sendJson(res, answer.status, answer.body, { ...answer.headers, 'set-cookie': requestSession.setCookies });
    }
    case 'view': {
      const requestSession = makeRequestSession(site.db, cookieValue, session);
      const user = { name: caller.name, anonymous: caller.anonymous, csrfToken: csrfTokenOf(session), here: `${url.pathname}${url.search}` };
      const form = req.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : null;
      const { status, html, headers = {} } = await viewPage({ ...host, user, requestSession }, route.title, route.action,
        { method: req.method, form, query: url.searchParams });
      return sendHtml(res, status, html, headers);
    }
    case 'asset':
      return serveAsset(res, url.pathname);
    case 'home':
      return send(res, 302, '', { location: `/wiki/${MAIN_PAGE}` });
    case 'malformed':
      return sendJson(res, 400, { error: 'bad-request', message: 'malformed percent-encoding in the URL' });
    default:
      return sendJson(res, 404, { error: 'not-found', message: `No route for ${url.pathname}` });
  }
}

/**
 * The wiki's HTTP server. `site`: `{db, config, core, log, stores}`; `core` is the loaded Strata core or null,
 * `stores` the process's stores (`platform/site-stores.js`).
 * Expired sessions are purged at start and hourly.
 */
function createStrataServer(site) {
  purgeExpiredSessions(site.db);
  const purge = setInterval(() => purgeExpiredSessions(site.db), HOUR_MS).unref();
  const server = createServer((req, res) => {
    serve(site, req, res).catch((error) => {
      const where = { rest: routeOf(new URL(req.url, 'http://localhost')).kind === 'rest', core: site.core };
      if (error instanceof PayloadTooLargeError) {
        sendError(res, where, 413, 'request-too-large', error.message, { connection: 'close' });
      } else {
        site.log('error', `${req.method} ${req.url}: ${error.stack ?? error}`);
        if (!res.headersSent) sendError(res, where, 500, 'internal-error', 'An internal error occurred; the server log has the details.');
        else res.destroy();
      }
    });
  });
  server.on('close', () => clearInterval(purge));
  return server;
}

/** Starts listening on `config.listen`; resolves to `{server, url}` once bound. */
export function startServer(site) {
  const server = createStrataServer(site);
  const { host, port } = site.config.listen;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `http://${shownHost}:${address.port}`;
      if (site.config.rdfBaseUriFromListen) site.config.rdfBaseUri = url;
      resolve({ server, url });
    });
  });
}
