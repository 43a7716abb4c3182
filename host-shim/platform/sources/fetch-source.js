// The `fetchSource` Host operation: a GET under a registered source's base URL, the only URLs this
// host ever requests for the core. The core chooses the path; the host refuses any path that would
// leave the source's base, never follows a redirect, and sends a source's session only to it.
import { boundedRequest } from './http-get.js';
import { SourceSession } from './session.js';

/** One fetcher per configuration: sessions of sources with credentials live as long as the process. */
const fetchers = new WeakMap();

export function sourceFetcher(config, log) {
  if (!fetchers.has(config)) fetchers.set(config, makeFetcher(config, log));
  return fetchers.get(config);
}

/** A source's URL for `path`, or null when the path would leave the source's base. */
export function sourceUrl(baseUrl, path) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.includes('//') || path.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(path)) return null;
  const base = new URL(baseUrl);
  const url = new URL(baseUrl + path);
  return url.origin === base.origin && url.pathname.startsWith(`${base.pathname}/`) ? url : null;
}

function makeFetcher(config, log) {
  const sessions = new Map();
  const sessionOf = (key, source) => {
    if (!sessions.has(key)) sessions.set(key, new SourceSession(source, log));
    return sessions.get(key);
  };
  return async ({ source: key, path, timeoutMs, maxBytes }) => {
    const source = Object.hasOwn(config.sources, key) ? config.sources[key] : null;
    if (!source) return { failure: 'unknown-source' };
    const url = sourceUrl(source.baseUrl, path);
    if (!url) return { failure: 'unreachable', body: 'the path leaves the source' };
    const limits = { timeoutMs, maxBytes };
    const session = source.botUser ? sessionOf(key, source) : null;
    const get = async () => {
      const cookie = session ? await session.cookie(limits) : null;
      if (session && cookie === null) return { failure: 'unreachable', body: 'the bot password login failed' };
      return boundedRequest(url, { headers: { accept: 'application/json', ...(cookie && { cookie }) }, ...limits });
    };
    let answer = await get();
    // A session the source has forgotten: log in again, once.
    if (session && (answer.status === 401 || answer.status === 403)) {
      session.forget();
      answer = await get();
    }
    return answer.failure ? { failure: answer.failure, body: answer.body ?? '' } : { status: answer.status, body: answer.body };
  };
}
