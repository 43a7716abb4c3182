const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class PayloadTooLargeError extends Error {
  constructor(limit) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * The whole request body, refusing to buffer more than `limit` bytes. An oversized body is still
 * drained (and dropped), so the client can read the 413 instead of seeing its upload cut off.
 */
export function readBody(req, limit = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      reject(new PayloadTooLargeError(limit));
      return;
    }
    let chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      if (chunks === null) return;
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
      } else {
        chunks = null;
        reject(new PayloadTooLargeError(limit));
      }
    });
    req.on('end', () => chunks && resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
