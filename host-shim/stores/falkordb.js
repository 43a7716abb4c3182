// FalkorDB graph store client: runs the core's statements and read queries over the Redis protocol.
// It moves bytes only: the core writes every query text (parameter header included) and decodes the
// replies (src/graph/cells/falkordb.rs); this file sends them and reports what came back.
import { createClient } from 'redis';

const CATALOG = [
  ['labels', 'CALL db.labels()'],
  ['relationshipTypes', 'CALL db.relationshipTypes()'],
  ['propertyKeys', 'CALL db.propertyKeys()'],
];

export class FalkorDbStore {
  /** @param {{url: string, graph: string, timeoutMs?: number}} options */
  constructor({ url, graph, timeoutMs = 30000 }) {
    this.graph = graph;
    this.timeoutMs = timeoutMs;
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
   * first failure: {ok: true} or {ok: false, index, error}.
   */
  async run(queries, { timeoutMs = this.timeoutMs } = {}) {
    for (const [index, query] of queries.entries()) {
      try {
        await this.#command('GRAPH.QUERY', query, [], timeoutMs);
      } catch (e) {
        return { ok: false, index, error: classify(e) };
      }
    }
    return { ok: true };
  }

  /**
   * Sends every statement at once (one connection runs them in order) and waits for all: the bulk
   * path of rebuilds, one round trip instead of one per statement. {ok: true} or the first failure
   * {ok: false, index, error}; statements after a failed one still run.
   */
  async runAll(queries, { timeoutMs = this.timeoutMs } = {}) {
    const replies = await Promise.allSettled(queries.map((query) => this.#command('GRAPH.QUERY', query, [], timeoutMs)));
    const index = replies.findIndex((r) => r.status === 'rejected');
    return index === -1 ? { ok: true } : { ok: false, index, error: classify(replies[index].reason) };
  }

  /** Whether the connection is up; a client whose server went away is replaced by its owner. */
  get isReady() {
    return this.client.isReady;
  }

  /**
   * Runs one read with GRAPH.RO_QUERY and returns the input of the core's decode_result:
   * {ok: true, result: {reply, catalog}} with at most maxRows + 1 rows (so the core can tell a cut),
   * or {ok: false, error: {kind, message}}.
   */
  async read(query, { maxRows, timeoutMs = this.timeoutMs }) {
    try {
      const reply = await this.#command('GRAPH.RO_QUERY', query, ['--compact'], timeoutMs);
      if (reply.length === 3 && reply[1].length > maxRows + 1) reply[1] = reply[1].slice(0, maxRows + 1);
      const lists = await Promise.all(CATALOG.map(([, call]) => this.#command('GRAPH.RO_QUERY', call, [], timeoutMs)));
      const catalog = Object.fromEntries(CATALOG.map(([key], i) => [key, (lists[i][1] ?? []).map((row) => row[0])]));
      return { ok: true, result: { reply, catalog } };
    } catch (e) {
      return { ok: false, error: classify(e) };
    }
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

/** Error kinds the core maps to errorType: timeout, readOnly, syntax, unavailable, failed. */
function classify(e) {
  const message = String(e?.message ?? e);
  let kind = 'failed';
  if (e?.timedOut || /timed out/i.test(message)) kind = 'timeout';
  else if (/RO_QUERY|read-only/i.test(message)) kind = 'readOnly';
  else if (/errMsg: Invalid input|Parse error|syntax|Unknown function|not defined|Missing parameters/i.test(message)) kind = 'syntax';
  else if (!(e instanceof Error) || /ECONNREFUSED|closed|socket|connect/i.test(message)) kind = 'unavailable';
  return { kind, message };
}
