// A REST client on top of the Action API client: the same cookie jar, plus the session's CSRF token
// sent as `X-CSRF-TOKEN` on every request.
import { ApiClient } from './api-client.js';

export const V0 = '/rest.php/strata/v0';

export class RestClient extends ApiClient {
  constructor(baseUrl) {
    super(baseUrl);
    this.csrf = null;
  }

  /**
   * `method path` under the site; `body` is sent as JSON unless it is a string (sent as is).
   * `csrf` overrides the token (null: no header). Resolves to `{status, headers, text, json}`;
   * `json` is undefined when the answer is not JSON.
   */
  async rest(method, path, { body, csrf = this.csrf, headers = {} } = {}) {
    const sent = { cookie: this.cookieHeader(), ...headers };
    if (csrf !== null) sent['x-csrf-token'] = csrf;
    if (body !== undefined) sent['content-type'] ??= 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
}
