// One bounded HTTP request to a Subject source: a deadline for the whole exchange, a cap on the body,
// redirects never followed. Every outcome is an answer, never a throw (docs/federation.md).
import http from 'node:http';
import https from 'node:https';

/**
 * `request(url, {method, headers, body, timeoutMs, maxBytes})` answers
 * `{status, headers, body}` or `{failure}` (`timeout`, `unreachable`, `too-large`, `redirect`).
 */
export function boundedRequest(url, { method = 'GET', headers = {}, body = null, timeoutMs, maxBytes }) {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const request = client.request(url, { method, headers, agent: false }, (response) => {
      const status = response.statusCode;
      if (status >= 300 && status < 400) return finish({ failure: 'redirect' });
      if (Number(response.headers['content-length']) > maxBytes) return finish({ failure: 'too-large' });
      const chunks = [];
      let length = 0;
      response.on('data', (chunk) => {
        length += chunk.length;
        if (length > maxBytes) return finish({ failure: 'too-large' });
        chunks.push(chunk);
      });
      response.on('end', () => finish({ status, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => finish({ failure: 'unreachable', body: error.message }));
    });
    const timer = setTimeout(() => finish({ failure: 'timeout' }), timeoutMs);
    request.on('error', (error) => finish({ failure: 'unreachable', body: error.message }));
    request.end(body ?? undefined);
  });
}
