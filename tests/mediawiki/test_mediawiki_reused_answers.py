"""Reused answers on MediaWiki (docs/mediawiki.md, "Reused answers"): a Subject read's answer that the
server kept is never served after the Subject's page or its Schema changed (an edit, a deletion, a
move), nor to a caller who may not read the page or its Schema, who gets exactly what missing data
gets. Each test reads twice before the change, so the answer is kept (and served once) before it.
Pages whose title holds `Unreadable` may be read by registered users only (the test wikis' settings,
tests/mediawiki/support/test_wiki_settings.php).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_reused_answers.py -v`."""

import json
import random
import string
import unittest

import requests

from mediawiki_wiki import REST, WikiTest

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
OPTION = "o1tst1aaaaaaa01"


def schema(label):
    return {"schema": {"propertyDefinitions": {"State": {"type": "select", "options": [{"id": OPTION, "label": label}]}}}}


class ReusedAnswers(WikiTest):
    callers = {"Rhea": ["sysop"]}

    def setUp(self):
        self.n = getattr(self, "n", 0) + 1
        self.anonymous = requests.Session()

    def create(self, schema_name, page_title, label="Old"):
        self.rhea.ok("PUT", f"/schema/{schema_name}", schema(label))
        created = self.rhea.ok("POST", "/subjects", {
            "schema": schema_name, "label": page_title, "pageTitle": page_title,
            "statements": {"State": {"propertyType": "select", "value": [OPTION]}}})
        return created["subjectId"]

    def read(self, subject_id, caller=None, query=""):
        """(status, body) of a Subject read, read twice (the second may be the kept answer)."""
        for _ in range(2):
            if caller is None:
                answer = self.anonymous.get(f"{self.wiki.url}{REST}/subject/{subject_id}{query}")
            else:
                answer = caller.request("GET", f"/subject/{subject_id}{query}", csrf=False)
        return answer.status_code, answer.json()

    def state_labels(self, subject_id, caller=None):
        status, body = self.read(subject_id, caller)
        self.assertEqual(status, 200, body)
        return body["subjects"][subject_id]["statements"]["State"].get("valueLabels")

    def test_an_edit_of_the_subject_is_read_at_once(self):
        subject_id = self.create(f"Kept{TAG}a", f"Kept {TAG} a")
        self.assertEqual(self.read(subject_id)[1]["subjects"][subject_id]["label"], f"Kept {TAG} a")
        self.rhea.ok("PUT", f"/subject/{subject_id}", {"label": "Edited",
                                                       "statements": {"State": {"propertyType": "select", "value": [OPTION]}}})
        self.assertEqual(self.read(subject_id)[1]["subjects"][subject_id]["label"], "Edited")

    def test_an_edit_or_deletion_of_its_schema_is_read_at_once(self):
        subject_id = self.create(f"Kept{TAG}b", f"Kept {TAG} b")
        self.assertEqual(self.state_labels(subject_id), ["Old"])
        self.rhea.ok("PUT", f"/schema/Kept{TAG}b", schema("New"))
        self.assertEqual(self.state_labels(subject_id), ["New"])
        self.rhea.site.pages[f"Schema:Kept{TAG}b"].delete("gone")
        self.assertEqual(self.state_labels(subject_id), [None], "a deleted Schema labels nothing")

    def test_a_move_or_deletion_of_the_subjects_page_is_read_at_once(self):
        subject_id = self.create(f"Kept{TAG}c", f"Kept {TAG} c")
        page = lambda: self.read(subject_id, query="?expand=page")[1]["subjects"][subject_id]["pageTitle"]
        self.assertEqual(page(), f"Kept {TAG} c")
        self.rhea.site.pages[f"Kept {TAG} c"].move(f"Moved {TAG} c", reason="moved", no_redirect=True)
        self.assertEqual(page(), f"Moved {TAG} c")
        self.rhea.site.pages[f"Moved {TAG} c"].delete("gone")
        self.assertEqual(self.read(subject_id)[0], 404)

    def test_a_caller_who_may_not_read_the_page_gets_what_missing_data_gets(self):
        subject_id = self.create(f"Kept{TAG}d", f"Unreadable {TAG} d")
        self.assertEqual(self.read(subject_id, self.rhea)[0], 200)
        missing = "s0zzzzzzzzzzzzz"
        hidden, absent = self.read(subject_id), self.read(missing)
        self.assertEqual(hidden[0], 404)
        self.assertEqual(json.dumps(hidden), json.dumps(absent).replace(missing, subject_id))

    def test_a_caller_who_may_not_read_its_schema_reads_it_without_that_schema(self):
        subject_id = self.create(f"Unreadable{TAG}e", f"Kept {TAG} e")
        self.assertEqual(self.state_labels(subject_id, self.rhea), ["Old"])
        self.assertEqual(self.state_labels(subject_id), [None], "an unreadable Schema labels nothing, as an absent one")


if __name__ == "__main__":
    unittest.main()
