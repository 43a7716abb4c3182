// FalkorDB graph store client: runs the core's statements and read queries over the Redis protocol.
// It moves bytes only: the core writes every query text (parameter header included, bounded to the
// row cap plus one by its guard) and decodes the replies (src/graph/cells/falkordb.rs); this file
// sends them and reports what came back: an error reply of the server goes on as it came (kind
// `errorReply`), for the core to read (src/graph/reply_error.rs). Reads go over a connection of their
// own each (resp-command.js), read at most `MAX_REPLY_BYTES` and are dropped at the tier timeout;
// FalkorDB's own TIMEOUT argument stops the query on the server.
import { createClient, ErrorReply as ClientErrorReply } from 'redis';
import { ErrorReply, sendCommand } from './resp-command.js';

/** The most a read may send back; a larger result is refused (docs/graph.md). */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;

export class FalkorDbStore {
  #indexes;
  #indexed = false;

  /**
   * @param {{url: string, graph: string, indexes?: string[], timeoutMs?: number}} options `indexes`:
   *   the core's index statements (`graphIndexes`), which `createIndexes` runs
   */
  constructor({ url, graph, indexes = [], timeoutMs = 30000 }) {
    this.url = url;
    this.graph = graph;
    this.timeoutMs = timeoutMs;
    this.#indexes = indexes;
    this.client = createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy: false } });
    this.client.on('error', () => {}); // failures surface as rejected commands
  }

  async connect() {
    await this.client.connect();
    return this;
  }

  async close() {
    if (this.client.isOpen) await this.client.close();
  }

  /**
   * Runs write statements in order (the texts from CypherStatement.query_text) and stops at the
   * first failure: {ok: true} or {ok: false, index, kind, detail}.
   */
  async run(queries, { timeoutMs = this.timeoutMs } = {}) {
    this.#indexFirst();
    for (const [index, query] of queries.entries()) {
      try {
        await this.#command('GRAPH.QUERY', query, [], timeoutMs);
      } catch (e) {
        return { ok: false, index, ...classify(e) };
      }
    }
    return { ok: true };
  }

  /**
   * Sends every statement at once (one connection runs them in order) and waits for all: the bulk
   * path of rebuilds, one round trip instead of one per statement. {ok: true} or the first failure
   * {ok: false, index, kind, detail}; statements after a failed one still run.
   */
  async runAll(queries, { timeoutMs = this.timeoutMs } = {}) {
    this.#indexFirst();
    const replies = await Promise.allSettled(queries.map((query) => this.#command('GRAPH.QUERY', query, [], timeoutMs)));
    const index = replies.findIndex((r) => r.status === 'rejected');
    return index === -1 ? { ok: true } : { ok: false, index, ...classify(replies[index].reason) };
  }

  /**
   * Runs the core's index statements again (a rebuild's start: the graph may have been deleted
   * since they ran); their failures are ignored (a store answers an error for an index it has).
   */
  async createIndexes() {
    this.#indexed = false;
    await this.#indexFirst();
  }

  // Before the first write on this connection, the index statements, sent on the same connection
  // so that they run first. One object is one connection: its owner makes a new one when the server
  // went away (the registry), so a new connection runs them again and a save on an open one does not.
  #indexFirst() {
    if (this.#indexed) return Promise.resolve();
    this.#indexed = true;
    return Promise.allSettled(this.#indexes.map((query) => this.#command('GRAPH.QUERY', query, [], this.timeoutMs)));
  }

  /**
   * What the server holds of this wiki: whether the graph key exists, and the build marker stored
   * beside it (a plain key, so Cypher readers never see it; it persists with the graph).
   */
  async contentMarker() {
    const [exists, marker] = await Promise.all([this.client.exists(this.graph), this.client.get(this.#markerKey)]);
    return { exists: exists === 1, marker };
  }

  async setContentMarker(marker) {
    await this.client.set(this.#markerKey, marker);
  }

  get #markerKey() {
    return `${this.graph}:strata-build`;
  }

  /** Calls sent at once run in the order sent: they share one connection. */
  get keepsCallOrder() {
    return true;
  }

  /** Whether the connection is up; a client whose server went away is replaced by its owner. */
  get isReady() {
    return this.client.isReady;
  }

  /**
   * Runs one read with GRAPH.RO_QUERY, then each of the core's `catalog` reads ({key, query}), and
   * returns the input of the core's decode_result (which keeps the tier's rows):
   * {ok: true, result: {reply, catalog}}, or {ok: false, kind, detail}:
   * kind `errorReply` with the server's error reply (the core reads it: a graph that does not exist,
   * a syntax error, the server's memory cap per query...), `tooExpensive` for a reply over
   * `MAX_REPLY_BYTES`, `timeout` or `unavailable`.
   */
  async read(query, { catalog: reads, timeoutMs = this.timeoutMs }) {
    try {
      const reply = await this.#read(query, ['--compact'], timeoutMs);
      const lists = await Promise.all(reads.map((read) => this.#read(read.query, [], timeoutMs)));
      const catalog = Object.fromEntries(reads.map(({ key }, i) => [key, (lists[i]?.[1] ?? []).map((row) => row[0])]));
      return { ok: true, result: { reply, catalog } };
    } catch (e) {
      // The transport's kind (`timeout`, `tooLarge`, `unavailable`) or `errorReply`: the core reads it.
      return { ok: false, kind: e.kind ?? 'unavailable', detail: e.message };
    }
  }

  // One RO_QUERY on a connection of its own.
  async #read(query, flags, timeoutMs) {
    const args = ['GRAPH.RO_QUERY', this.graph, query, ...flags, 'TIMEOUT', String(timeoutMs)];
    const reply = await sendCommand(this.url, args, { maxBytes: MAX_REPLY_BYTES, timeoutMs: timeoutMs + 1000 });
    const error = reply instanceof ErrorReply ? reply : Array.isArray(reply) ? reply.find((r) => r instanceof ErrorReply) : null;
    if (!error) return reply;
    throw Object.assign(new Error(error.message), { kind: 'errorReply' });
  }

  /** The server enforces the timeout (TIMEOUT argument); the client gives up a second later. */
  async #command(command, query, flags, timeoutMs) {
    const args = [command, this.graph, query, ...flags, 'TIMEOUT', String(timeoutMs)];
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('Query timed out'), { timedOut: true })), timeoutMs + 1000);
    });
    try {
      return await Promise.race([this.client.sendCommand(args), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A failed write as every store answer says it (`{kind, detail}`): the server's error reply as it
 * came (`errorReply`), or the transport's kind (`timeout`, `unavailable`); the core reads them.
 */
function classify(e) {
  const detail = String(e?.message ?? e);
  if (e instanceof ClientErrorReply) return { kind: 'errorReply', detail };
  return { kind: e?.timedOut ? 'timeout' : 'unavailable', detail };
}
