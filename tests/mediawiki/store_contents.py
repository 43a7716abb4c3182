"""What a wiki's stores hold, read back over its query routes (every node and relationship of the
graph store, every quad of the SPARQL store), and the rebuild of both: shared by the tests that
check a rebuild gives exactly what the saves built."""

import json

NODES = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS properties"
EDGES = "MATCH (a)-[r]->(b) RETURN a._id AS a, a.id AS ap, type(r) AS type, properties(r) AS properties, b._id AS b, b.id AS bp"
QUADS = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(!isBlank(?s) && !isBlank(?o)) }"


def stores(caller):
    """(graph rows, quads), each a sorted list of JSON texts, as `caller` reads them."""
    graph = sorted(json.dumps(row, sort_keys=True) for query in (NODES, EDGES)
                   for row in caller.ok("POST", "/query/cypher", {"cypher": query})["rows"])
    bindings = caller.ok("POST", "/query/sparql", {"query": QUADS})["results"]["bindings"]
    return graph, sorted(json.dumps(b, sort_keys=True) for b in bindings)


def rebuild_both(test, wiki):
    """Rebuilds the graph and the SPARQL store of `wiki`; each run must succeed."""
    for store in ("graph", "sparql"):
        test.assertEqual(wiki.rebuild(store)["state"], "succeeded", store)
