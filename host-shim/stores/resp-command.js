// One Redis command on a connection of its own, for the query endpoint's reads: the reply is read
// only up to a byte budget, and the connection is dropped when the budget or the time runs out, so a
// query can never make the host hold more than that, nor keep reading after it gave up. (The shared
// client of the store's writes buffers whole replies and cannot be dropped without its writes.)
import { connect } from 'node:net';

/** Why a command gave no reply: the budget ran out, the time ran out, or the connection failed. */
export class CommandFailure extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** An error reply of the server (`-ERR ...`), as a value: the caller decides what it means. */
export class ErrorReply {
  constructor(message) {
    this.message = message;
  }
}

/**
 * Sends `args` to the server at `url` (`redis://host:port`) and resolves to the parsed reply (RESP2:
 * strings, integers, null, arrays, ErrorReply); rejects with a CommandFailure of kind `tooLarge`,
 * `timeout` or `unavailable`.
 */
export function sendCommand(url, args, { maxBytes, timeoutMs }) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) || 6379 });
    const chunks = [];
    let size = 0;
    let triedAt = 0;
    const fail = (kind, message) => {
      socket.destroy();
      reject(new CommandFailure(kind, message));
    };
    const timer = setTimeout(() => fail('timeout', 'Query timed out'), timeoutMs);
    socket.once('connect', () => socket.write(encode(args)));
    socket.on('data', (chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        clearTimeout(timer);
        fail('tooLarge', `the result is larger than ${maxBytes} bytes; return fewer or smaller values`);
        return;
      }
      chunks.push(chunk);
      // A complete reply ends with CRLF. Parsing again only when the reply doubled or a short chunk
      // came (most likely the last) keeps a long reply's parsing linear.
      const mayEnd = chunk[chunk.length - 1] === 10;
      if (!mayEnd || (size < 2 * triedAt && chunk.length >= 16384)) return;
      triedAt = size;
      const parsed = parse(Buffer.concat(chunks), 0);
      if (!parsed) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed.value);
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      fail('unavailable', e.message);
    });
    socket.once('close', () => {
      clearTimeout(timer);
      reject(new CommandFailure('unavailable', 'the connection closed before the reply was complete'));
    });
  });
}

function encode(args) {
  const parts = [`*${args.length}\r\n`];
  for (const arg of args) parts.push(`$${Buffer.byteLength(arg)}\r\n${arg}\r\n`);
  return parts.join('');
}

/** The value at `at` and where it ends, or null while the reply is incomplete. */
function parse(buffer, at) {
  const lineEnd = buffer.indexOf('\r\n', at);
  if (lineEnd === -1) return null;
  const line = buffer.toString('utf8', at + 1, lineEnd);
  const next = lineEnd + 2;
  switch (String.fromCharCode(buffer[at])) {
    case '+': return { value: line, end: next };
    case '-': return { value: new ErrorReply(line), end: next };
    case ':': return { value: Number(line), end: next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buffer.length < next + length + 2) return null;
      return { value: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items = [];
      let end = next;
      for (let i = 0; i < count; i += 1) {
        const item = parse(buffer, end);
        if (!item) return null;
        items.push(item.value);
        end = item.end;
      }
      return { value: items, end };
    }
    default:
      throw new Error(`not a RESP2 reply: ${JSON.stringify(line)}`);
  }
}
