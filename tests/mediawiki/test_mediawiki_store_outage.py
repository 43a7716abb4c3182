"""Stores taken away under a running MediaWiki: FalkorDB stopped during an edit (the edit succeeds,
the store goes `stale` with the reason, the Cypher endpoint answers 503 `backendUnavailable`, and a
rebuild after the restart makes it `in-sync` with the page), a pending marker left by a request
that ended without the store's acknowledgement (the store goes `stale` with the count), and a rebuild
run whose job died (interrupted once its last step is older than the core's `abandonedAfterSeconds`,
so a new rebuild can start; a run that stepped lately stays running), and a save whose update failed
while a rebuild ran (the run succeeds, but cannot leave the store in-sync).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import os
import subprocess
import time
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

    def left_running(self, last_step, store="sparql"):
        """Writes a run record as a rebuild job killed after its last step at `last_step` (a MediaWiki
        timestamp) leaves it: running, started long ago, two pages in."""
        self.wiki.maintenance("sql", "--query", "INSERT INTO /*_*/strata_rebuild_run (srr_store, srr_state, srr_requested_by,"
                              " srr_queued, srr_started, srr_total, srr_processed, srr_progressed)"
                              f" VALUES ('{store}', 'running', 'Killed job', '20000101000000', '20000101000000', 10, 2, '{last_step}')")

    def test_a_save_that_missed_the_store_while_a_rebuild_ran_keeps_it_stale(self):
        self.joe.ok("PUT", "/schema/Barrel", {"schema": {"propertyDefinitions": {}}})
        self.wiki.rebuild("graph")
        # A run in progress (its worker is a row here), and a save whose graph update fails meanwhile.
        self.left_running(time.strftime("%Y%m%d%H%M%S", time.gmtime()), store="graph")
        self.falkordb("stop")
        try:
            self.joe.ok("POST", "/subjects", {"schema": "Barrel", "label": f"Missed {TAG}", "statements": {}})
        finally:
            self.falkordb("start")
        # The run goes on to its end: rebuildStores.php takes over a queued run, so the row is handed to it so.
        self.wiki.maintenance("sql", "--query", "UPDATE /*_*/strata_rebuild_run SET srr_state = 'queued'"
                              " WHERE srr_store = 'graph' AND srr_state = 'running'")
        run = self.wiki.rebuild("graph")
        self.assertEqual((run["state"], run["requestedBy"]), ("succeeded", "Killed job"))
        graph = self.stores()["graph"]
        self.assertEqual((graph["state"], graph["stateReason"]), ("stale", "an update failed while the rebuild ran"))
        self.wiki.rebuild("graph")
        self.assertEqual(self.stores()["graph"]["state"], "in-sync")

    def test_a_run_whose_job_died_is_interrupted_and_a_new_rebuild_starts(self):
        built = self.wiki.rebuild("sparql")
        self.assertEqual(self.stores()["sparql"]["state"], "in-sync")
        self.left_running("20000101000100")
        sparql = self.stores()["sparql"]
        # Run ids grow by one: the killed job's run is the one after the rebuild's.
        self.assertEqual((sparql["state"], sparql["stateReason"], sparql["activeRun"]),
                         ("stale", f"rebuild run {built['id'] + 1} was interrupted", None))
        status, queued = self.joe.call("POST", "/graph-stores/sparql/rebuild")
        self.assertEqual((status, queued["run"]["state"]), (202, "queued"), queued)
        self.wiki.maintenance("runJobs", "--type", "strataRebuildStore")
        sparql = self.stores()["sparql"]
        self.assertEqual((sparql["state"], sparql["lastSuccessfulRun"]["id"]), ("in-sync", queued["run"]["id"]))

        # A run that took a step a moment ago is alive: it stays the active run until cancelled.
        self.left_running(time.strftime("%Y%m%d%H%M%S", time.gmtime()))
        active = self.stores()["sparql"]["activeRun"]
        self.assertEqual((active["state"], active["requestedBy"]), ("running", "Killed job"))
        self.assertEqual(self.joe.call("POST", "/graph-stores/sparql/rebuild")[0], 409)
        self.assertEqual(self.joe.ok("DELETE", "/graph-stores/sparql/rebuild")["run"]["state"], "cancelled")


if __name__ == "__main__":
    unittest.main()
