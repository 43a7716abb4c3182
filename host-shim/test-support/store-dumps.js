// Whole-store dumps for comparing a store fed by saves with the same store rebuilt. A dump first waits
// for the projections of the saves answered so far (they run after the answer).

/** Every node (labels, properties) and edge (from, type, properties, to) of the graph store, sorted. */
export async function graphDump(stores, name = 'graph') {
  await stores.registry.applied();
  const client = await stores.registry.client(stores.registry.entry(name));
  const node = "[k IN keys(n) | [k, n[k]]]";
  const nodes = await plainRead(client, `MATCH (n) RETURN labels(n), ${node}`);
  const edges = await plainRead(client, `MATCH (a)-[r]->(b) RETURN coalesce(a._id, a.id), type(r), [k IN keys(r) | [k, r[k]]], b._id`);
  return {
    nodes: nodes.map(([labels, props]) => ({ labels: [...labels].sort(), properties: Object.fromEntries(props) })).sort(byJson),
    edges: edges.map(([from, type, props, to]) => ({ from, type, properties: Object.fromEntries(props), to })).sort(byJson),
  };
}

async function plainRead(client, query) {
  const reply = await client.client.sendCommand(['GRAPH.RO_QUERY', client.graph, query, '--compact']);
  return reply[1].map((row) => row.map(compactValue));
}

// The scalars and lists of FalkorDB's compact reply: [type, value] pairs.
function compactValue([type, value]) {
  switch (type) {
    case 1: return null;
    case 3: return Number(value);
    case 4: return value === 'true';
    case 5: return Number(value);
    case 6: return value.map(compactValue);
    default: return value;
  }
}

const byJson = (a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

/** Every quad of a SPARQL store as sorted N-Quads-like lines `graph subject predicate object`. */
export async function sparqlDump(stores, name) {
  await stores.registry.applied();
  const client = await stores.registry.client(stores.registry.entry(name));
  const answer = await client.query('SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }', { timeoutMs: 30000 });
  if (!answer.ok) throw new Error(`dump of ${name}: ${answer.detail}`);
  const term = (t) => (t.type === 'uri' ? `<${t.value}>` : JSON.stringify([t.value, t['xml:lang'] ?? t.datatype ?? null]));
  return JSON.parse(answer.body).results.bindings.map((b) => [b.g, b.s, b.p, b.o].map(term).join(' ')).sort();
}

/** Store name → state, from `GET /graph-stores`. */
export async function storeStates(caller) {
  const answer = await caller.call('GET', '/graph-stores');
  return Object.fromEntries(answer.body.stores.map((s) => [s.name, s.state]));
}
