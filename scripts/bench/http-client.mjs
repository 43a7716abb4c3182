// The cheapest HTTP client Node has for a load run: `node:http` over keep-alive connections (one per
// request in flight), the session cookie and CSRF token of a logged-in RestClient on every request,
// and the answer's body read and dropped. Being on the same cores as the server, the client must
// cost as little as it can so that the figures are the server's.
import http from 'node:http';

/** `request(method, path, body?)` → Promise of `{status}`; `close()` ends the connections. */
export function keepAliveClient({ baseUrl, cookie, csrf, connections }) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const common = { cookie, 'x-csrf-token': csrf };
  const request = (method, path, body) => new Promise((resolve, reject) => {
    const headers = body === undefined ? common : { ...common, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const sent = http.request({ agent, hostname, port, method, path, headers }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve({ status: answer.statusCode }));
      answer.once('error', reject);
    });
    sent.once('error', reject);
    sent.end(body);
  });
  return { request, close: () => agent.destroy() };
}
