// A MediaWiki Action API client, doing what bots and client libraries do: a cookie jar, tokens, POST forms.
export class ApiClient {
  constructor(baseUrl, { formatversion = '2' } = {}) {
    this.baseUrl = baseUrl;
    this.formatversion = formatversion;
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  remember(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  async get(params) {
    const query = new URLSearchParams({ format: 'json', formatversion: this.formatversion, ...params });
    const response = await fetch(`${this.baseUrl}/api.php?${query}`, { headers: { cookie: this.cookieHeader() } });
    this.remember(response);
    return response.json();
  }

  async post(params, { multipart = false } = {}) {
    const all = { format: 'json', formatversion: this.formatversion, ...params };
    let body = new URLSearchParams(all);
    if (multipart) {
      body = new FormData();
      for (const [name, value] of Object.entries(all)) body.set(name, value);
    }
    const response = await fetch(`${this.baseUrl}/api.php`, { method: 'POST', body, headers: { cookie: this.cookieHeader() } });
    this.remember(response);
    return response.json();
  }

  async token(type) {
    const answer = await this.get({ action: 'query', meta: 'tokens', type });
    return answer.query.tokens[`${type}token`];
  }

  async login(name, password) {
    const lgtoken = await this.token('login');
    return (await this.post({ action: 'login', lgname: name, lgpassword: password, lgtoken })).login;
  }

  async edit(params) {
    return this.post({ action: 'edit', token: await this.token('csrf'), ...params });
  }
}
