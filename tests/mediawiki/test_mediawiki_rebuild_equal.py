"""A rebuild gives exactly the stores that saves built: every node and relationship of FalkorDB, and
every quad of the Oxigraph server, read back over the query routes before and after a rebuild of each.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import unittest
import uuid

from mediawiki_wiki import WikiTest

TAG = uuid.uuid4().hex[:6]  # page titles of this run, so that the test may run again on one wiki
NODES = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS properties"
EDGES = "MATCH (a)-[r]->(b) RETURN a._id AS a, a.id AS ap, type(r) AS type, properties(r) AS properties, b._id AS b, b.id AS bp"
QUADS = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(!isBlank(?s) && !isBlank(?o)) }"


class MediaWikiRebuildEqual(WikiTest):
    callers = {"Eve": ["sysop"]}

    def graph(self):
        return sorted(json.dumps(row, sort_keys=True) for query in (NODES, EDGES)
                      for row in self.eve.ok("POST", "/query/cypher", {"cypher": query})["rows"])

    def quads(self):
        bindings = self.eve.ok("POST", "/query/sparql", {"query": QUADS})["results"]["bindings"]
        return sorted(json.dumps(b, sort_keys=True) for b in bindings)

    def test_a_rebuild_gives_the_stores_the_saves_built(self):
        self.eve.ok("PUT", "/schema/Town", {"schema": {"propertyDefinitions": {
            "Twin": {"type": "relation", "targetSchemas": ["Town"], "multiple": True},
            "Founded": {"type": "number"}}}})
        # Both stores in-sync first, so that what follows is only saves.
        self.wiki.rebuild("graph")
        self.wiki.rebuild("sparql")
        first = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Ash {TAG}", "statements": {
            "Founded": {"propertyType": "number", "value": 1200}}})["subjectId"]
        second = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Birch {TAG}", "statements": {
            "Twin": {"propertyType": "relation", "value": [{"target": first}]}}})["subjectId"]
        self.eve.ok("PUT", f"/subject/{first}", {"label": f"Ash {TAG}", "statements": {
            "Twin": {"propertyType": "relation", "value": [{"target": second}]}}})
        gone = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Cedar {TAG}", "statements": {}})["subjectId"]
        self.eve.ok("DELETE", f"/subject/{gone}")
        saved = (self.graph(), self.quads())
        self.assertTrue(any(first in row for row in saved[0]) and any(second in row for row in saved[1]))
        self.assertEqual(self.wiki.rebuild("graph")["state"], "succeeded")
        self.assertEqual(self.wiki.rebuild("sparql")["state"], "succeeded")
        self.assertEqual(self.graph(), saved[0])
        self.assertEqual(self.quads(), saved[1])


if __name__ == "__main__":
    unittest.main()
