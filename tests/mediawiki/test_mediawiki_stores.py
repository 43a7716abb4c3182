"""The stores of the MediaWiki host against the real servers `scripts/mediawiki.sh start` runs beside
the wiki (FalkorDB and an Oxigraph server, `$wgStrataStores` of the test wiki): REST writes projected
on save into both, read back through `/query/cypher` and `/query/sparql`; `/graph-stores` with states
and runs; a rebuild by the maintenance script (mediawiki/maintenance/rebuildStores.php) and one
queued over REST and run by MediaWiki's job queue; query failures mapped to the core's errors; the
graph indexes made once per connection.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import time
import uuid
import unittest

import requests

from mediawiki_wiki import REST, WikiTest

TOOL = {"propertyDefinitions": {"Made by": {"type": "relation", "targetSchemas": ["Maker"]}}}
MAKER = {"propertyDefinitions": {}}
TAG = uuid.uuid4().hex[:6]  # page titles of this run, so that the test may run again on one wiki


class MediaWikiStores(WikiTest):
    callers = {"Kim": ["sysop"]}

    def call(self, method, path, body=None):
        return self.kim.call(method, path, body)

    def ok(self, method, path, body=None):
        return self.kim.ok(method, path, body)

    def stores(self):
        return {s["name"]: s for s in self.ok("GET", "/graph-stores")["stores"]}

    def settled(self, store):
        """The store once no run of it is active (the job may be run by a web request's job runner too)."""
        deadline = time.monotonic() + 120
        while (listed := self.stores()[store])["activeRun"] is not None and time.monotonic() < deadline:
            time.sleep(0.2)
        return listed

    def test_saves_reach_both_stores_and_rebuilds_make_them_in_sync(self):
        smithy, hammer = f"Smithy {TAG}", f"Hammer {TAG}"
        self.ok("PUT", "/schema/Maker", {"schema": MAKER})
        self.ok("PUT", "/schema/Tool", {"schema": TOOL})
        maker = self.ok("POST", "/subjects", {"schema": "Maker", "label": smithy, "statements": {}})["subjectId"]
        tool = self.ok("POST", "/subjects", {"schema": "Tool", "label": hammer, "statements": {
            "Made by": {"propertyType": "relation", "value": [{"target": maker}]}}})["subjectId"]

        cypher = "MATCH (t:Tool {_id: $id})-[:`Made by`]->(m:Maker) RETURN t._name AS t, m._name AS m"
        self.assertEqual(self.ok("POST", "/query/cypher", {"cypher": cypher, "parameters": {"id": tool}})["rows"],
                         [{"t": hammer, "m": smithy}])
        sparql = ("PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
                  "SELECT ?name WHERE { ?s rdfs:label ?name } ORDER BY ?name")
        names = [b["name"]["value"] for b in self.ok("POST", "/query/sparql", {"query": sparql})["results"]["bindings"]]
        self.assertIn(hammer, names)
        self.assertIn(smithy, names)

        listed = self.stores()
        self.assertEqual({(n, s["type"], s["projection"]) for n, s in listed.items()},
                         {("graph", "falkordb", "native"), ("sparql", "sparql-http", "native")})

        run = self.wiki.rebuild("graph")
        self.assertEqual((run["state"], run["requestedBy"]), ("succeeded", "Maintenance script"))
        self.assertGreaterEqual(run["total"], 2)
        graph = self.stores()["graph"]
        self.assertEqual((graph["state"], graph["lastSuccessfulRun"]["id"]), ("in-sync", run["id"]))
        self.assertEqual(self.ok("POST", "/query/cypher", {"cypher": cypher, "parameters": {"id": tool}})["rows"],
                         [{"t": hammer, "m": smithy}])

        status, queued = self.call("POST", "/graph-stores/sparql/rebuild")
        self.assertEqual((status, queued["run"]["state"]), (202, "queued"), queued)
        status, again = self.call("POST", "/graph-stores/sparql/rebuild")
        self.assertEqual(status, 409, again)
        self.wiki.maintenance("runJobs", "--type", "strataRebuildStore")
        sparql_store = self.settled("sparql")
        self.assertEqual((sparql_store["state"], sparql_store["activeRun"]), ("in-sync", None))
        names = [b["name"]["value"] for b in self.ok("POST", "/query/sparql", {"query": sparql})["results"]["bindings"]]
        self.assertIn(hammer, names)

        # A save after the rebuild is acknowledged by both stores: they stay in-sync.
        self.ok("PUT", f"/subject/{tool}", {"label": "Mallet", "statements": {}})
        self.assertEqual({s["state"] for s in self.stores().values()}, {"in-sync"})
        self.assertEqual(self.ok("POST", "/query/cypher", {"cypher": "MATCH (t:Tool {_id: $id}) RETURN t._name AS t",
                                                           "parameters": {"id": tool}})["rows"], [{"t": "Mallet"}])

    def test_store_errors_answer_as_the_core_maps_them(self):
        status, answer = self.call("POST", "/query/cypher", {"cypher": "MATCH (n RETURN n"})
        self.assertEqual((status, answer["errorType"]), (400, "cypherSyntaxError"), answer)
        status, answer = self.call("POST", "/query/sparql", {"query": "SELECT ?x WHERE { ?x ?y }"})
        self.assertEqual(status, 400, answer)
        # Ten billion rows and little memory: FalkorDB's TIMEOUT of an anonymous caller's tier stops it
        # (30 s by default; a sysop's expensive tier allows far longer).
        slow = "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y WITH x, y WHERE (x * y) % 7 = 0 RETURN count(*) AS c"
        answer = requests.post(self.wiki.url + REST + "/query/cypher", json={"cypher": slow})
        self.assertEqual((answer.status_code, answer.json()["errorType"]), (408, "queryTimeout"), answer.text)
        self.assertEqual(self.call("POST", "/graph-stores/nothing/rebuild")[0], 404)

    def test_a_new_connection_makes_the_graph_indexes_and_saves_do_not_send_them(self):
        """tests/mediawiki/support/graph_indexes.php: the scratch graph is deleted between the steps,
        so an index found after a step was made in that step."""
        found = self.wiki.run_script("tests/mediawiki/support/graph_indexes.php")
        every = ["Page(id)", "Subject(_id, _stub)"]
        self.assertEqual(found, {"opened": every, "savedAgain": [], "nextRequest": every, "pages": [2, 3]})


if __name__ == "__main__":
    unittest.main()
