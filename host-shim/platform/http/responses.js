export function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res, status, value, headers = {}) {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/**
 * An error the host answers itself. On `/rest.php` the core makes the response from its one error
 * table (`errorResponse`), so REST clients read every error alike; a host without a core has no REST
 * API and says so in plain text. Elsewhere the body is `{error, message}` with `status`.
 */
export function sendError(res, { rest, core }, status, code, message, headers = {}) {
  if (!rest) {
    sendJson(res, status, { error: code, message }, headers);
  } else if (typeof core?.errorResponse === 'function') {
    const answer = JSON.parse(core.errorResponse(JSON.stringify({ code, message })));
    send(res, answer.status, answer.body, { ...answer.headers, ...headers });
  } else {
    send(res, status, `${message}\n`, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  }
}

export function sendHtml(res, status, html, headers = {}) {
  send(res, status, html, { 'content-type': 'text/html; charset=utf-8', ...headers });
}

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
