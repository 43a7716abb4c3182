"""The list operations of the MediaWiki host: the list conformance corpus (tests/conformance/lists.json)
run against its `listSubjects` inside the wiki (tests/mediawiki/support/lists_conformance.php, in a
transaction rolled back afterwards), and the list routes over rest.php on Subjects written through the
core: `GET /subjects`, `/subject-labels`, `/recently-edited-subjects`, `/subject-counts`; the Layout
list read in a batch (tests/mediawiki/support/page_lists.php), each record as the one-page read gives it.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import time
import unittest
import uuid

from mediawiki_wiki import WikiTest

SHIP = {"propertyDefinitions": {"Name": {"type": "text"}}}


class MediaWikiLists(WikiTest):
    callers = {"Lee": ["sysop"]}

    def rest(self, method, path, body=None):
        return self.lee.ok(method, path, body)

    def create(self, label, schema="Ship"):
        return self.rest("POST", "/subjects", {"schema": schema, "label": label, "statements": {}})["subjectId"]

    def test_the_host_answers_every_case_of_the_list_corpus(self):
        answer = self.wiki.run_script("tests/mediawiki/support/lists_conformance.php")
        self.assertGreater(answer["cases"], 20)
        self.assertEqual(answer["failures"], [])

    def test_list_routes_answer_from_the_index_tables(self):
        self.rest("PUT", "/schema/Ship", {"schema": SHIP})
        self.rest("PUT", "/schema/Boat", {"schema": SHIP})
        # Each in a second of its own: MediaWiki's timestamps have seconds, and within one second the
        # `newest` order falls to the Subject ID, whose random part makes that order arbitrary.
        zephyr = self.create("Zephyr")
        time.sleep(1.05)
        argo = self.create("argo")
        time.sleep(1.05)
        beagle = self.create("Beagle")
        zodiac = self.create("Zodiac", schema="Boat")

        by_name = self.rest("GET", "/subjects?schema=Ship&sort=name&limit=2")
        self.assertEqual([s["id"] for s in by_name["subjects"]], [argo, beagle])
        rest = self.rest("GET", f"/subjects?schema=Ship&sort=name&limit=2&cursor={by_name['nextCursor']}")
        self.assertEqual([s["id"] for s in rest["subjects"]], [zephyr])
        # Newest first whatever the direction asked (the spec: `direction` is ignored by `newest`).
        for query in ("", "&sort=newest", "&sort=newest&direction=asc", "&sort=newest&direction=desc"):
            with self.subTest(query=query):
                newest = self.rest("GET", f"/subjects?schema=Ship{query}")["subjects"]
                self.assertEqual([s["id"] for s in newest], [beagle, argo, zephyr])
        self.assertEqual([s["id"] for s in self.rest("GET", "/subjects?search=EPHY")["subjects"]], [zephyr])

        labels = self.rest("GET", "/subject-labels?search=z")["subjects"]
        self.assertEqual([(s["label"], s["pageTitle"]) for s in labels], [("Zephyr", "Zephyr"), ("Zodiac", "Zodiac")])
        self.assertEqual([s["id"] for s in self.rest("GET", "/subject-labels?search=z&schema=Ship")["subjects"]], [zephyr])
        # Two Schemas: each one's names walked apart, merged by name.
        self.assertEqual([s["id"] for s in self.rest("GET", "/subject-labels?search=z&schema=Boat|Ship")["subjects"]], [zephyr, zodiac])
        self.assertEqual([s["id"] for s in self.rest("GET", "/subject-labels?search=z&schema=Boat|Ship&limit=1")["subjects"]], [zephyr])

        self.rest("PUT", f"/subject/{argo}", {"label": "Argo", "statements": {"Name": {"propertyType": "text", "value": ["Argo"]}}})
        recent = self.rest("GET", "/recently-edited-subjects?limit=2")["subjects"]
        self.assertEqual([s["id"] for s in recent][0], argo)
        self.assertEqual(self.rest("GET", "/subject-counts")["counts"]["Boat"], 1)

        self.assertEqual(self.rest("GET", "/subject-counts")["counts"]["Ship"], 3)
        self.rest("DELETE", f"/subject/{zephyr}")
        self.assertEqual([s["id"] for s in self.rest("GET", "/subjects?schema=Ship&sort=name")["subjects"]], [argo, beagle])
        self.assertEqual(self.rest("GET", "/subject-counts")["counts"]["Ship"], 2)
        self.assertNotIn(zephyr, [s["id"] for s in self.rest("GET", "/recently-edited-subjects")["subjects"]])

    def test_layout_lists_read_their_pages_in_a_batch_each_as_read_alone(self):
        self.rest("PUT", "/schema/Ship", {"schema": SHIP})
        tag = f"Batch {uuid.uuid4().hex[:8]}"
        titles = [f"{tag} {name}" for name in ("Alpha", "Beta", "Secret gamma", "Delta", "Epsilon", "Secret zeta")]
        for title in titles:
            self.lee.site.pages[f"Layout:{title}"].edit(json.dumps({"schema": "Ship", "type": "card"}), "a Layout")
        self.lee.site.pages[f"Layout:{tag} Beta"].edit(json.dumps({"schema": "Ship", "type": "table"}), "a second revision")
        answer = self.wiki.run_script("tests/mediawiki/support/page_lists.php", tag)
        self.assertEqual(answer["titles"], sorted(titles))
        # Listed with `access.read` false, as the one-page read answers: the core leaves them out.
        self.assertEqual(answer["unreadable"], [f"{tag} Secret gamma", f"{tag} Secret zeta"])
        self.assertEqual(answer["differ"], [])
        # A handful of queries for a list, however many pages it holds: four pages cost as many as one.
        self.assertEqual(answer["queries"]["fourPages"], answer["queries"]["onePage"])
        self.assertLessEqual(answer["queries"]["fourPages"], 5)


if __name__ == "__main__":
    unittest.main()
