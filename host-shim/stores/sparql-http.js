// A SPARQL store behind the SPARQL 1.1 Protocol (queries and updates) and, for bulk loads and the
// optional `graph-store` replace mode, the Graph Store Protocol. Endpoint paths default to Oxigraph's
// (`/query`, `/update`, `/store`); other servers name theirs through the options.
import { N_QUADS, N_TRIPLES, OK, RESULTS_JSON, TRIG, checkGraphIri, failure, pageTriples } from './sparql-store.js';

const DEFAULT_UPDATE_TIMEOUT_MS = 60_000;
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

export class HttpSparqlStore {
  #queryUrl;
  #updateUrl;
  #storeUrl;
  #replaceVia;
  #updateTimeoutMs;

  /**
   * @param {object} options
   * @param {string} options.url base address; the endpoints default to `${url}/query`, `/update`, `/store`
   * @param {'update' | 'graph-store'} [options.replaceVia] how replaceGraph writes: one SPARQL Update
   *   request (`DROP SILENT GRAPH; INSERT DATA`, the default, any SPARQL 1.1 server) or one Graph Store
   *   Protocol `PUT ?graph=` (servers that implement that protocol)
   */
  constructor({
    url,
    queryUrl = `${url}/query`,
    updateUrl = `${url}/update`,
    storeUrl = `${url}/store`,
    replaceVia = 'update',
    updateTimeoutMs = DEFAULT_UPDATE_TIMEOUT_MS,
  }) {
    if (replaceVia !== 'update' && replaceVia !== 'graph-store') throw new TypeError(`unknown replaceVia ${replaceVia}`);
    this.#queryUrl = queryUrl;
    this.#updateUrl = updateUrl;
    this.#storeUrl = storeUrl;
    this.#replaceVia = replaceVia;
    this.#updateTimeoutMs = updateTimeoutMs;
  }

  async replaceGraph(graphIri, text, format = TRIG) {
    const page = pageTriples(graphIri, text, format);
    if (!page.ok) return page;
    const { triples } = page;
    if (triples === '') return this.dropGraph(graphIri);
    if (this.#replaceVia === 'graph-store') {
      const target = `${this.#storeUrl}?graph=${encodeURIComponent(graphIri)}`;
      return this.#write(target, 'PUT', N_TRIPLES, triples);
    }
    return this.#update(`DROP SILENT GRAPH <${graphIri}> ;\nINSERT DATA { GRAPH <${graphIri}> {\n${triples}} }`);
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
    if (!answer.ok) return answer;
    if (!isResultsJson(answer.contentType, answer.body)) {
      const shown = answer.body.slice(0, 200);
      return failure('internal', answer.status, `the store answered ${answer.status} ${answer.contentType || 'without a content type'}, not a SPARQL results JSON document: ${shown}`);
    }
    return { ok: true, contentType: answer.contentType, body: answer.body };
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
 * `{ok: true, status, contentType, body}` for a 2xx answer, otherwise to a failure.
 */
async function exchange(url, init, timeoutMs) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.text();
    if (response.status >= 500) return failure('unavailable', response.status, body);
    if (response.status >= 400) return failure('syntax', response.status, body);
    if (response.status < 200 || response.status >= 300) return failure('internal', response.status, body);
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

// The media type is checked, then the document: a JSON object with `head` and either `results.bindings`
// (SELECT) or a boolean (ASK). Parsing costs little beside the transfer and catches a truncated body.
function isResultsJson(contentType, body) {
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType !== RESULTS_JSON && mediaType !== 'application/json') return false;
  let document;
  try {
    document = JSON.parse(body);
  } catch {
    return false;
  }
  return isObject(document) && isObject(document.head)
    && (typeof document.boolean === 'boolean' || (isObject(document.results) && Array.isArray(document.results.bindings)));
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
