export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class PayloadTooLargeError extends Error {
  constructor(limit) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/** The whole request body, refusing to buffer more than `limit` bytes. */
export async function readBody(req, limit = MAX_BODY_BYTES) {
  if (Number(req.headers['content-length']) > limit) throw new PayloadTooLargeError(limit);
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
