// A SPARQL store behind the SPARQL 1.1 Protocol (queries and updates) and, for bulk loads, the Graph
// Store Protocol. Endpoint paths default to Oxigraph's (`/query`, `/update`, `/store`); other servers
// name theirs through the options.
//
// A page's graph is replaced by one SPARQL Update request (DROP then INSERT DATA), which a SPARQL 1.1
// server runs as one transaction. A Graph Store `PUT ?graph=` is not atomic on Oxigraph 0.5 (it clears
// the graph and loads the body in two transactions) and measured slower (docs/stores.md).
import { N_QUADS, OK, RESULTS_JSON, TRIG, checkGraphIri, failure, pageTriples } from './sparql-store.js';

const DEFAULT_UPDATE_TIMEOUT_MS = 60_000;
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

export class HttpSparqlStore {
  #queryUrl;
  #updateUrl;
  #storeUrl;
  #updateTimeoutMs;

  /**
   * @param {object} options
   * @param {string} options.url base address; the endpoints default to `${url}/query`, `/update`, `/store`
   */
  constructor({
    url,
    queryUrl = `${url}/query`,
    updateUrl = `${url}/update`,
    storeUrl = `${url}/store`,
    updateTimeoutMs = DEFAULT_UPDATE_TIMEOUT_MS,
  }) {
    this.#queryUrl = queryUrl;
    this.#updateUrl = updateUrl;
    this.#storeUrl = storeUrl;
    this.#updateTimeoutMs = updateTimeoutMs;
  }

  async replaceGraph(graphIri, text, format = TRIG) {
    const page = pageTriples(graphIri, text, format);
    if (!page.ok) return page;
    if (page.triples === '') return this.dropGraph(graphIri);
    return this.#update(`DROP SILENT GRAPH <${graphIri}> ;\nINSERT DATA { GRAPH <${graphIri}> {\n${page.triples}} }`);
  }

  async dropGraph(graphIri) {
    return checkGraphIri(graphIri) ?? this.#update(`DROP SILENT GRAPH <${graphIri}>`);
  }

  async clear() {
    return this.#update('DROP ALL');
  }

  async loadBulk(text, format = TRIG) {
    if (format !== TRIG && format !== N_QUADS) return failure('syntax', null, `unsupported format ${format}`);
    return this.#write(this.#storeUrl, 'POST', format, text);
  }

  async query(sparql, { timeoutMs = DEFAULT_QUERY_TIMEOUT_MS } = {}) {
    const answer = await exchange(this.#queryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-query', accept: RESULTS_JSON },
      body: sparql,
    }, timeoutMs);
    return answer.ok ? { ok: true, contentType: answer.contentType, body: answer.body } : answer;
  }

  async close() {}

  #update(sparqlUpdate) {
    return this.#write(this.#updateUrl, 'POST', 'application/sparql-update', sparqlUpdate);
  }

  async #write(url, method, contentType, body) {
    const answer = await exchange(url, { method, headers: { 'content-type': contentType }, body }, this.#updateTimeoutMs);
    return answer.ok ? OK : answer;
  }
}

/**
 * One HTTP exchange, the whole body read within `timeoutMs`. Resolves to
 * `{ok: true, status, contentType, body}` for a 2xx answer (the core checks it is a results document),
 * to a failure of kind `errorReply` with the status and body for any other (the core reads the status:
 * src/sparql/answer.rs), or to `unavailable` when no answer came.
 */
async function exchange(url, init, timeoutMs) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.text();
    if (response.status < 200 || response.status >= 300) return failure('errorReply', response.status, body);
    return { ok: true, status: response.status, contentType: response.headers.get('content-type') ?? '', body };
  } catch (e) {
    if (controller.signal.aborted) return failure('unavailable', null, `no answer within ${timeoutMs} ms`);
    return failure('unavailable', null, describe(e));
  } finally {
    clearTimeout(timer);
  }
}

// fetch reports transport errors as "fetch failed" with the reason in `cause`.
function describe(error) {
  const cause = error.cause;
  return cause ? `${error.message}: ${cause.code ?? cause.message}` : error.message;
}
