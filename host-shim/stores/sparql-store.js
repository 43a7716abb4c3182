// The interface every SPARQL store client implements, and the helpers both implementations share.
//
// A store holds the RDF projection: one named graph per page, nothing in the default graph. The
// Strata core decides what goes in (TriG or N-Quads of one page) and which queries may run (only
// SELECT and ASK: `src/sparql/query_form.rs`); a store client only moves bytes. No method throws:
// each resolves to a result object, so a store that is down marks the store stale instead of failing
// the edit that fed it.
//
//   replaceGraph(graphIri, text, format = TRIG) → Result
//       Drops the named graph and loads `text` into it, as one atomic step: a reader sees the old
//       graph or the new one, never a mix or nothing. Every quad of `text` must be in `graphIri`.
//   dropGraph(graphIri) → Result                      removes the graph; absent is not an error
//   clear() → Result                                  removes every graph
//   loadBulk(text, format = TRIG) → Result            adds many graphs at once (rebuilds); no drop
//   query(sparql, {timeoutMs}) → QueryResult          runs a SELECT or ASK query
//   close() → Promise<void>                           releases the store (the embedded one flushes)
//
// Result:      {ok: true} or Failure.
// QueryResult: {ok: true, contentType, body}, the store's answer unmodified (the core checks it is a
//              SPARQL results JSON document); or Failure.
// Failure:     {ok: false, kind, status, detail}
//   kind "errorReply"   a server answered with an HTTP status other than 2xx, or the embedded store's
//                       query threw (status null, Oxigraph's message as detail); the core reads
//                       which it means (src/sparql/answer.rs)
//   kind "syntax"       the client refused the data itself (data it cannot parse, a bad graph IRI)
//   kind "unavailable"  no answer: the store is unreachable, or no answer came in time
//   kind "internal"     anything else the client met (the embedded store's thread failed)
//   status              the store's HTTP status, or null when there was no HTTP answer
//   detail              the store's own message (text), for logs and for `sparqlSyntaxError`
import oxigraph from 'oxigraph';

export const TRIG = 'application/trig';
export const N_QUADS = 'application/n-quads';
export const N_TRIPLES = 'application/n-triples';
export const RESULTS_JSON = 'application/sparql-results+json';

const MAX_DETAIL = 2000;

export const OK = Object.freeze({ ok: true });

export function failure(kind, status, detail) {
  const text = String(detail ?? '');
  return { ok: false, kind, status: status ?? null, detail: text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text };
}

// The graph IRI is written into SPARQL text and URLs, so it must be an absolute IRI with none of the
// characters that could end the `<...>` it sits in.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\u0000-\u0020<>"{}|^`\\]*$/;

export function checkGraphIri(graphIri) {
  return typeof graphIri === 'string' && ABSOLUTE_IRI.test(graphIri)
    ? null
    : failure('syntax', null, `not an absolute IRI: ${JSON.stringify(graphIri)}`);
}

/**
 * Parses one page's TriG or N-Quads and answers the N-Triples of its graph, the body of a SPARQL
 * Update or Graph Store request. A failure when the text does not parse or has a quad outside
 * `graphIri`. (A scratch store parses about five times faster than `oxigraph.parse`, which builds a
 * JavaScript object per term.)
 * @returns {{ok: true, triples: string} | ReturnType<typeof failure>}
 */
export function pageTriples(graphIri, text, format) {
  const bad = checkGraphIri(graphIri);
  if (bad) return bad;
  if (format !== TRIG && format !== N_QUADS) return failure('syntax', null, `unsupported format ${format}`);
  const scratch = new oxigraph.Store();
  try {
    scratch.load(text, { format });
    const graph = oxigraph.namedNode(graphIri);
    const triples = scratch.dump({ format: N_TRIPLES, from_graph_name: graph });
    if (lineCount(triples) !== scratch.size) {
      const stray = scratch.match().find((q) => !q.graph.equals(graph));
      return failure('syntax', null, `quad outside graph <${graphIri}>: ${stray}`);
    }
    return { ok: true, triples };
  } catch (e) {
    return failure('syntax', null, e.message);
  } finally {
    scratch.free();
  }
}

// N-Triples escapes line breaks inside literals, so there is one line per triple.
function lineCount(text) {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
