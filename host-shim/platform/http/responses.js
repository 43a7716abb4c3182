export function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res, status, value, headers = {}) {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/**
 * An error the host answers itself. On `/rest.php` it has the core's one error-body shape, so REST
 * clients read every error alike; elsewhere it is `{error, message}`.
 */
export function sendError(res, { rest }, status, code, message, headers = {}) {
  const body = rest ? { errorType: code, error: code, message, messageTranslations: { en: message }, httpCode: status } : { error: code, message };
  sendJson(res, status, body, headers);
}

export function sendHtml(res, status, html, headers = {}) {
  send(res, status, html, { 'content-type': 'text/html; charset=utf-8', ...headers });
}

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
