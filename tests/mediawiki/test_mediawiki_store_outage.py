"""Stores taken away under a running MediaWiki: FalkorDB stopped during an edit (the edit succeeds,
the store goes `stale` with the reason, the Cypher endpoint answers 503 `backendUnavailable`, and a
rebuild after the restart makes it `in-sync` with the page), and a pending marker left by a request
that ended without the store's acknowledgement (the store goes `stale` with the count).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import os
import subprocess
import unittest
import uuid

from mediawiki_wiki import ROOT, WikiTest

TAG = uuid.uuid4().hex[:6]  # page titles of this run, so that the test may run again on one wiki


class MediaWikiStoreOutage(WikiTest):
    callers = {"Joe": ["sysop"]}

    def stores(self):
        return {s["name"]: s for s in self.joe.ok("GET", "/graph-stores")["stores"]}

    def falkordb(self, action):
        env = dict(os.environ, STRATA_STORES_DIR=str(self.wiki.dir / "stores"), STRATA_FALKORDB_PORT=self.wiki.recorded("falkordb_port"))
        subprocess.run([str(ROOT / "scripts/stores/falkordb.sh"), action], env=env, check=True, capture_output=True)

    def named(self, subject_id):
        return self.joe.ok("POST", "/query/cypher", {"cypher": "MATCH (s:Barrel {_id: $id}) RETURN s._name AS n",
                                                     "parameters": {"id": subject_id}})["rows"]

    def test_an_edit_while_falkordb_is_down_makes_it_stale_until_a_rebuild(self):
        self.joe.ok("PUT", "/schema/Barrel", {"schema": {"propertyDefinitions": {}}})
        self.wiki.rebuild("graph")
        self.assertEqual(self.stores()["graph"]["state"], "in-sync")
        self.falkordb("stop")
        try:
            subject_id = self.joe.ok("POST", "/subjects", {"schema": "Barrel", "label": f"Barrel {TAG}", "statements": {}})["subjectId"]
            graph = self.stores()["graph"]
            self.assertEqual(graph["state"], "stale")
            self.assertIn("not written", graph["stateReason"])
            status, answer = self.joe.call("POST", "/query/cypher", {"cypher": "RETURN 1 AS one"})
            self.assertEqual((status, answer["errorType"]), (503, "backendUnavailable"), answer)
            self.assertEqual(self.stores()["sparql"]["state"] in ("never-built", "in-sync"), True, "the other store took the edit")
        finally:
            self.falkordb("start")
        self.wiki.rebuild("graph")
        self.assertEqual(self.stores()["graph"]["state"], "in-sync")
        self.assertEqual(self.named(subject_id), [{"n": f"Barrel {TAG}"}])

    def test_a_marker_left_by_a_request_that_died_makes_the_store_stale(self):
        self.wiki.rebuild("sparql")
        self.assertEqual(self.stores()["sparql"]["state"], "in-sync")
        self.wiki.maintenance("sql", "--query", "INSERT INTO /*_*/strata_projection_pending (spp_store, spp_page_id, spp_rev_id, spp_marked)"
                              " VALUES ('sparql', 999999, 1, '20000101000000')")
        sparql = self.stores()["sparql"]
        self.assertEqual((sparql["state"], sparql["stateReason"]),
                         ("stale", "1 saved page was not acknowledged by the store before the saving request ended"))
        self.wiki.rebuild("sparql")
        self.assertEqual(self.stores()["sparql"]["state"], "in-sync")


if __name__ == "__main__":
    unittest.main()
