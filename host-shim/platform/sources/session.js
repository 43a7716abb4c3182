// A session on a source, logged in with the bot password registered for it: api.php `action=login`
// beside the source's rest.php, the cookies it sets kept for that source alone.
import { boundedRequest } from './http-get.js';

export class SourceSession {
  #source;
  #log;
  #cookies = null;

  constructor(source, log) {
    this.#source = source;
    this.#log = log;
  }

  forget() {
    this.#cookies = null;
  }

  /** The Cookie header for the source, logging in first when needed; null when the login fails. */
  async cookie(limits) {
    if (this.#cookies === null) this.#cookies = await this.#logIn(limits);
    return this.#cookies === null ? null : [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async #logIn(limits) {
    const api = new URL(this.#source.baseUrl.replace(/\/rest\.php$/, '/api.php'));
    const jar = new Map();
    const call = async (params, post) => {
      const url = new URL(api);
      const form = new URLSearchParams({ ...params, format: 'json' }).toString();
      if (!post) url.search = form;
      const headers = { accept: 'application/json', ...(jar.size && { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; ') }) };
      if (post) headers['content-type'] = 'application/x-www-form-urlencoded';
      const answer = await boundedRequest(url, { method: post ? 'POST' : 'GET', headers, body: post ? form : null, ...limits });
      for (const line of [answer.headers?.['set-cookie'] ?? []].flat()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      try {
        return answer.status === 200 ? JSON.parse(answer.body) : null;
      } catch {
        return null;
      }
    };
    const tokens = await call({ action: 'query', meta: 'tokens', type: 'login' }, false);
    const lgtoken = tokens?.query?.tokens?.logintoken;
    const result = lgtoken && await call({ action: 'login', lgname: this.#source.botUser, lgpassword: this.#source.botPassword, lgtoken }, true);
    if (result?.login?.result === 'Success') return jar;
    this.#log('warning', `source login as ${this.#source.botUser} failed: ${result?.login?.reason ?? result?.login?.result ?? 'no answer'}`);
    return null;
  }
}
