"""Kept lists on MediaWiki (docs/mediawiki.md, "Kept lists"): a `GET /subjects` answer the server kept
is never served after a write to the Subject index (a save, an edit of the label, a move or deletion
of the page through MediaWiki, a deletion by a maintenance script), nor to a caller who may not read
one of its rows, who gets exactly what the core answers that caller. Each test lists twice before the
change, so the answer is kept (and served once) before it. Pages whose title holds `Unreadable` may
be read by registered users only (tests/mediawiki/support/test_wiki_settings.php).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_kept_lists.py -v`."""

import os
import random
import string
import subprocess
import unittest

import requests

from mediawiki_wiki import REST, WikiTest

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
SCHEMA = {"schema": {"propertyDefinitions": {"Note": {"type": "text"}}}}


class KeptLists(WikiTest):
    callers = {"Rhea": ["sysop"]}

    def setUp(self):
        self.anonymous = requests.Session()

    def create(self, schema_name, page_title):
        self.rhea.ok("PUT", f"/schema/{schema_name}", SCHEMA)
        return self.rhea.ok("POST", "/subjects", {"schema": schema_name, "label": page_title, "pageTitle": page_title,
                                                  "statements": {}})["subjectId"]

    def listed(self, schema_name, caller=None):
        """The rows of a list of the Schema's Subjects, listed twice (the second may be the kept answer)."""
        for _ in range(2):
            if caller is None:
                answer = self.anonymous.get(f"{self.wiki.url}{REST}/subjects", params={"schema": schema_name, "limit": 20})
            else:
                answer = caller.request("GET", f"/subjects?schema={schema_name}&limit=20", csrf=False)
            self.assertEqual(answer.status_code, 200, answer.text)
        return {row["id"]: (row["label"], row["pageTitle"]) for row in answer.json()["subjects"]}

    def test_a_save_an_edit_a_move_and_a_deletion_are_listed_at_once(self):
        schema = f"Listed{TAG}a"
        first = self.create(schema, f"Listed {TAG} a1")
        self.assertEqual(list(self.listed(schema)), [first])
        second = self.create(schema, f"Listed {TAG} a2")
        self.assertEqual(set(self.listed(schema)), {first, second}, "a new Subject")
        self.rhea.ok("PUT", f"/subject/{first}", {"label": "Relabelled", "statements": {}})
        self.assertEqual(self.listed(schema)[first][0], "Relabelled", "an edit")
        self.rhea.site.pages[f"Listed {TAG} a1"].move(f"Moved {TAG} a1", reason="moved", no_redirect=True)
        self.assertEqual(self.listed(schema)[first][1], f"Moved {TAG} a1", "a move through MediaWiki")
        self.rhea.site.pages[f"Listed {TAG} a2"].delete("gone")
        self.assertEqual(list(self.listed(schema)), [first], "a deletion through MediaWiki")

    def test_a_deletion_by_a_maintenance_script_is_listed_at_once(self):
        schema = f"Listed{TAG}b"
        kept, gone = self.create(schema, f"Listed {TAG} b1"), self.create(schema, f"Listed {TAG} b2")
        self.assertEqual(set(self.listed(schema)), {kept, gone})
        titles = self.wiki.dir / f"delete-{TAG}.txt"
        titles.write_text(f"Listed {TAG} b2\n")
        as_server = ["/usr/sbin/runuser", "-u", "www-data", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_server, "php", "-d", "ffi.enable=1", "maintenance/deleteBatch.php", "-u", "Rhea", str(titles)],
                       cwd=self.wiki.code, env=self.wiki.env(), check=True, capture_output=True)
        self.assertEqual(list(self.listed(schema)), [kept])

    def test_a_caller_who_may_not_read_a_row_never_gets_a_list_kept_with_it(self):
        schema = f"Listed{TAG}c"
        readable, hidden = self.create(schema, f"Listed {TAG} c1"), self.create(schema, f"Unreadable {TAG} c2")
        self.assertEqual(set(self.listed(schema, self.rhea)), {readable, hidden}, "kept with a row only users may read")
        self.assertEqual(list(self.listed(schema)), [readable], "the anonymous caller's own list")
        self.assertEqual(set(self.listed(schema, self.rhea)), {readable, hidden}, "and the user's again")


if __name__ == "__main__":
    unittest.main()
