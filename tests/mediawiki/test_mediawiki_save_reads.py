"""What a Subject save leaves for the requests after it (issue 31, docs/mediawiki.md, "Saves"): the
saved revision's page record goes into the WAN cache when the save commits, so it must be the record
a read of that revision builds (its creation time the first revision's, its last editor the saver,
its Subjects the saved ones); and a Schema edited after a save is the Schema the next save of the
Subject is checked against, never a kept copy of the old one.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_save_reads.py -v`."""

import json
import random
import string
import time
import unittest

from mediawiki_wiki import WikiTest
from rdf_parse import parse_trig

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
DCTERMS = "http://purl.org/dc/terms/"


class SaveReads(WikiTest):
    callers = {"Olga": ["sysop"], "Piet": ["sysop"]}

    def revisions(self, page_id):
        """The page's revisions, oldest first, as api.php gives them."""
        answer = self.olga.site.get("query", prop="revisions", pageids=page_id, rvprop="ids|timestamp|user",
                                    rvlimit="max", rvdir="newer", formatversion="2")
        return answer["query"]["pages"][0]["revisions"]

    def page_facts(self, page_id):
        """`{predicate: object}` of the page's node in its Turtle, read by n3."""
        answer = self.olga.request("GET", f"/page/{page_id}/rdf?format=turtle")
        self.assertEqual(answer.status_code, 200, answer.text[:300])
        page = f"{self.wiki.url}/page/{page_id}"
        return {p: o for s, p, o in parse_trig(answer.text)[""] if s == page}

    def test_the_record_kept_at_a_save_is_the_one_a_read_of_the_revision_gives(self):
        schema = f"Kept{TAG}"
        self.olga.ok("PUT", f"/schema/{schema}", {"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}})
        created = self.olga.ok("POST", "/subjects", {"schema": schema, "label": f"Kept {TAG}", "statements": {}})
        subject_id, page_id = created["subjectId"], created["subject"]["pageId"]
        time.sleep(1.1)  # the two revisions' timestamps (whole seconds) differ
        self.piet.ok("PUT", f"/subject/{subject_id}", {"label": f"Kept again {TAG}", "statements": {
            "Name": {"propertyType": "text", "value": ["Piet's"]}}})

        first, latest = self.revisions(page_id)
        read = self.olga.request("GET", f"/subject/{subject_id}")
        self.assertEqual(read.headers["etag"], f'"{latest["revid"]}"')
        subject = read.json()["subjects"][subject_id]
        self.assertEqual((subject["label"], subject["statements"]["Name"]["value"]), (f"Kept again {TAG}", ["Piet's"]))
        facts = self.page_facts(page_id)
        self.assertEqual(
            (facts[DCTERMS + "created"], facts[DCTERMS + "modified"], facts[f"{self.wiki.url}/ontology/lastEditor"]),
            (first["timestamp"], latest["timestamp"], "Piet"))
        self.assertNotEqual(first["timestamp"], latest["timestamp"])

    def test_a_schema_edited_after_a_save_is_the_one_the_next_save_is_checked_against(self):
        schema = f"Checked{TAG}"
        self.olga.ok("PUT", f"/schema/{schema}", {"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}})
        created = self.olga.ok("POST", "/subjects", {"schema": schema, "label": f"Checked {TAG}", "statements": {}})
        self.assertEqual(created["violations"], [])
        replaced = self.olga.ok("PUT", f"/subject/{created['subjectId']}", {"label": f"Checked {TAG}", "statements": {}})
        self.assertEqual(replaced["violations"], [])

        self.piet.site.pages[f"Schema:{schema}"].edit(
            json.dumps({"propertyDefinitions": {"Name": {"type": "text", "required": True}}}), "Name is required now")
        again = self.olga.ok("PUT", f"/subject/{created['subjectId']}", {"label": f"Checked again {TAG}", "statements": {}})
        self.assertEqual([(v["propertyName"], v["code"]) for v in again["violations"]], [("Name", "required")])


if __name__ == "__main__":
    unittest.main()
