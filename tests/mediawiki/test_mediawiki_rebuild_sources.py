"""A rebuild gives the stores the saves built also when relations name Subjects of registered sources
(docs/federation.md): a source that states its `rdfBaseUri` has its Subjects named by their own IRIs,
one that states none under this wiki's base, in the saves' projection and in the rebuild's alike (the
core's `RebuildRun` takes the sources from the settings). The reference host's twin:
host-shim/test/stores-rebuild-sources.test.js.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import subprocess
import unittest

from mediawiki_wiki import SCRIPT, Caller, MediaWiki

ALPHA = "alpha:s1per1aaaaaaa05"
BETA = "beta:s1per1aaaaaaa06"
NODES = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS properties"
EDGES = "MATCH (a)-[r]->(b) RETURN a._id AS a, a.id AS ap, type(r) AS type, properties(r) AS properties, b._id AS b, b.id AS bp"
QUADS = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(!isBlank(?s) && !isBlank(?o)) }"


def twins(*targets):
    return {"Twin": {"propertyType": "relation", "value": [{"target": t} for t in targets]}}


class MediaWikiRebuildSources(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.wiki = MediaWiki(own=True).start()  # its settings change below
        # Nothing answers on port 9 of the loopback: the sources are registered, never reached.
        with open(cls.wiki.dir / "LocalSettings.php", "a") as settings:
            settings.write("""
$wgStrataSources['alpha'] = [ 'baseUrl' => 'http://127.0.0.1:9/rest.php', 'rdfBaseUri' => 'https://alpha.example', 'timeoutMs' => 2000 ];
$wgStrataSources['beta'] = [ 'baseUrl' => 'http://127.0.0.1:9/rest.php', 'timeoutMs' => 2000 ];
""")
        # A restart, so that no cached LocalSettings.php of before the append serves a request.
        subprocess.run([str(SCRIPT), "stop", str(cls.wiki.dir)], check=True, stdout=subprocess.DEVNULL)
        cls.wiki.start()
        cls.eve = Caller(cls.wiki, "Eve", "sysop")

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()

    def graph(self):
        return sorted(json.dumps(row, sort_keys=True) for query in (NODES, EDGES)
                      for row in self.eve.ok("POST", "/query/cypher", {"cypher": query})["rows"])

    def quads(self):
        bindings = self.eve.ok("POST", "/query/sparql", {"query": QUADS})["results"]["bindings"]
        return sorted(json.dumps(b, sort_keys=True) for b in bindings)

    def test_a_rebuild_names_the_subjects_of_registered_sources_as_the_saves_did(self):
        self.eve.ok("PUT", "/schema/Town", {"schema": {"propertyDefinitions": {
            "Twin": {"type": "relation", "multiple": True, "targetSchemas": [
                "Town", {"source": "alpha", "name": "Town"}, {"source": "beta", "name": "Town"}]}}}})
        self.assertEqual(self.wiki.rebuild("graph")["state"], "succeeded")
        self.assertEqual(self.wiki.rebuild("sparql")["state"], "succeeded")
        first = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": "Ash", "statements": twins(ALPHA, BETA)})["subjectId"]
        self.eve.ok("POST", "/subjects", {"schema": "Town", "label": "Birch", "statements": twins(first, ALPHA)})
        saved = (self.graph(), self.quads())
        objects = [json.loads(q)["o"]["value"] for q in saved[1]]
        self.assertIn("https://alpha.example/entity/s1per1aaaaaaa05", objects)
        self.assertTrue(any(o.endswith(f"/entity/{BETA}") for o in objects), objects)
        self.assertTrue(any(ALPHA in row for row in saved[0]))
        self.assertEqual(self.wiki.rebuild("graph")["state"], "succeeded")
        self.assertEqual(self.wiki.rebuild("sparql")["state"], "succeeded")
        self.assertEqual(self.graph(), saved[0])
        self.assertEqual(self.quads(), saved[1])


if __name__ == "__main__":
    unittest.main()
