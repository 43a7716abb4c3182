"""A rebuild gives exactly the stores that saves built: every node and relationship of FalkorDB, and
every quad of the Oxigraph server, read back over the query routes before and after a rebuild of each.
A graph rebuild one page a batch gives the graph of one batch for all, with the Subjects the graph
cannot hold yet created without a lookup (`absent`, as the reference host sends it), and none sent
once the wiki changed during the run; a batch the core refuses fails the run with the core's code.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import tempfile
import unittest
import uuid
from pathlib import Path

from mediawiki_wiki import ROOT, WikiTest
from store_contents import rebuild_both, stores

TAG = uuid.uuid4().hex[:6]  # page titles of this run, so that the test may run again on one wiki


class MediaWikiRebuildEqual(WikiTest):
    callers = {"Eve": ["sysop"]}

    def test_a_rebuild_gives_the_stores_the_saves_built(self):
        self.eve.ok("PUT", "/schema/Town", {"schema": {"propertyDefinitions": {
            "Twin": {"type": "relation", "targetSchemas": ["Town"], "multiple": True},
            "Founded": {"type": "number"}}}})
        rebuild_both(self, self.wiki)  # both stores in sync first, so that what follows is only saves
        first = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Ash {TAG}", "statements": {
            "Founded": {"propertyType": "number", "value": 1200}}})["subjectId"]
        second = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Birch {TAG}", "statements": {
            "Twin": {"propertyType": "relation", "value": [{"target": first}]}}})["subjectId"]
        self.eve.ok("PUT", f"/subject/{first}", {"label": f"Ash {TAG}", "statements": {
            "Twin": {"propertyType": "relation", "value": [{"target": second}]}}})
        gone = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": f"Cedar {TAG}", "statements": {}})["subjectId"]
        self.eve.ok("DELETE", f"/subject/{gone}")
        saved = stores(self.eve)
        self.assertTrue(any(first in row for row in saved[0]) and any(second in row for row in saved[1]))
        rebuild_both(self, self.wiki)
        self.assertEqual(stores(self.eve), saved)

    def test_a_rebuild_one_page_a_batch_creates_what_the_graph_cannot_hold_and_stops_once_the_wiki_changes(self):
        self.eve.ok("PUT", "/schema/Friend", {"schema": {"propertyDefinitions": {
            "Knows": {"type": "relation", "relation": "Knows", "targetSchemas": ["Friend"], "multiple": True}}}})
        sid = {letter: f"s{TAG}{letter * 8}" for letter in "ABCDEFGHX"}

        def subject(letter, *targets):
            knows = [{"id": f"r{TAG}{letter * 4}{t * 4}", "target": sid[t]} for t in targets]
            return sid[letter], {"label": f"Friend {letter} {TAG}", "schema": "Friend",
                                 "statements": {"Knows": {"propertyType": "relation", "value": knows}} if knows else {}}
        # Page order is rebuild order; X is named but held by no page.
        pages = [[subject("A", "C", "D")], [subject("B", "C", "E", "X")], [subject("C", "A"), subject("H")],
                 [subject("D"), subject("E", "F")], [subject("F", "F", "G"), subject("G")]]
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "Subject").mkdir()
            for n, subjects in enumerate(pages, 1):
                slot = {"mainSubject": subjects[0][0], "subjects": dict(subjects)}
                (Path(folder) / "Subject" / f"Rebuild_{TAG}_{n}.json").write_text(json.dumps(slot))
            self.wiki.maintenance("runScript", str(ROOT / "mediawiki/maintenance/importFolder.php"), folder)
        out = self.wiki.maintenance("runScript", str(ROOT / "tests/mediawiki/support/rebuild_absent.php"),
                                    f"Rebuild {TAG} note", sid["G"])
        runs = json.loads(out.strip().splitlines()[-1])
        whole = runs["whole"]["graph"]
        self.assertEqual(runs["paged"]["graph"], whole)
        self.assertEqual(runs["saved"]["graph"], whole)
        for letter, id in sid.items():
            self.assertEqual(sum(id in row for row in whole["nodes"]), 1, letter)
        # Created without a lookup: the Subjects no earlier page named (A unless its page was the first
        # batch, which sends none), never a stub's.
        mine = {id for ids in runs["paged"]["absent"] for id in ids if id in sid.values()}
        self.assertEqual(mine - {sid["A"]}, {sid["B"], sid["H"], sid["G"]})
        self.assertEqual(runs["whole"]["absent"], [[]])
        # After the save, nothing is said to be absent: G, which the save wrote, is matched.
        self.assertEqual(runs["saved"]["absent"][1:], [[]] * (len(runs["saved"]["absent"]) - 1))
        # A request the core refuses for anything but its slots fails the run with the core's code.
        self.assertEqual(runs["refused"]["state"], "failed")
        self.assertRegex(runs["refused"]["error"], r"^the core refused the batch of pages \d+ to \d+: invalid-argument: sourceKey: ")


if __name__ == "__main__":
    unittest.main()
