"""The Data tab (`index.php?action=subjects`) and Subject IRI dereferencing (`/entity/{id}`, 303) on
MediaWiki: the core renders the tab for the reader; Apache passes `/entity/` to the REST route.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (on the run's shared wiki)."""

import re
import unittest

import requests

from mediawiki_wiki import WikiTest

SHELF = {"propertyDefinitions": {"Holds": {"type": "relation", "targetSchemas": ["Slot"]}}}
SLOT = {"subjectsAreDependent": True, "propertyDefinitions": {"Number": {"type": "number"}}}
SHELF_ID, SLOT_ID = "s1shelfaaaaaas1", "s1shelfaaaaaas2"


class DataTab(WikiTest):
    callers = {"Dana": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        for name, schema in (("Slot", SLOT), ("Shelf", SHELF)):
            assert cls.dana.request("PUT", f"/schema/{name}", {"schema": schema}).status_code == 201
        created = cls.dana.request("POST", "/subjects", {
            "id": SHELF_ID, "schema": "Shelf", "label": "Top <shelf>", "pageTitle": "Reading room",
            "statements": {"Holds": {"propertyType": "relation", "value": [{"target": SLOT_ID}]}},
            "dependentSubjects": [{"id": SLOT_ID, "schema": "Slot", "statements": {"Number": {"propertyType": "number", "value": 1}}}]})
        assert created.status_code == 201, created.text

    def get(self, path, **headers):
        return requests.get(self.wiki.url + path, headers=headers, allow_redirects=False, timeout=60)

    def test_the_data_tab_lists_the_subjects_with_iris_and_export_menus(self):
        answer = self.get("/index.php?title=Reading_room&action=subjects")
        self.assertEqual(answer.status_code, 200)
        html = answer.text
        self.assertEqual(re.findall(r'<tr class="subject" id="([^"]+)">', html), [SHELF_ID, SLOT_ID])
        self.assertIn(f"<td>Top &lt;shelf&gt; <em>(main)</em><br><code>{SHELF_ID}</code></td><td>Shelf</td>", html)
        self.assertIn(f"<td>Slot of Top &lt;shelf&gt;<br><code>{SLOT_ID}</code></td>", html)
        iri = f"{self.wiki.url}/entity/{SHELF_ID}"
        self.assertIn(f'<code class="iri">{iri}</code> <button type="button" class="copy" data-copy="{iri}">Copy</button>', html)
        self.assertIn(f'<a class="export-json" href="/rest.php/strata/v0/subject/{SHELF_ID}">JSON</a>', html)
        self.assertIn('<select name="projection"><option value="native">native</option></select>', html)
        # The skin shows the tab on the page itself.
        self.assertIn("action=subjects", self.get("/index.php?title=Reading_room").text)

    def test_a_missing_page_has_no_data_tab(self):
        answer = self.get("/index.php?title=Nowhere_at_all&action=subjects")
        self.assertEqual(answer.status_code, 404)
        self.assertIn("does not exist", answer.text)

    def test_a_subject_iri_dereferences_to_the_data_tab_or_its_rdf(self):
        cases = [
            ("text/html", f"{self.wiki.url}/index.php?title=Reading_room&action=subjects#{SHELF_ID}"),
            ("*/*", f"{self.wiki.url}/index.php?title=Reading_room&action=subjects#{SHELF_ID}"),
            ("text/turtle", f"{self.wiki.url}/rest.php/strata/v0/subject/{SHELF_ID}/rdf?format=turtle"),
            ("application/trig", f"{self.wiki.url}/rest.php/strata/v0/subject/{SHELF_ID}/rdf?format=trig"),
        ]
        for accept, location in cases:
            with self.subTest(accept=accept):
                answer = self.get(f"/entity/{SHELF_ID}", Accept=accept)
                self.assertEqual(answer.status_code, 303, answer.text)
                self.assertEqual(answer.headers["location"], location)
                self.assertEqual(answer.headers["vary"], "Accept")
        tab = requests.get(f"{self.wiki.url}/entity/{SHELF_ID}", headers={"Accept": "text/html"}, timeout=60)
        self.assertIn(f'<tr class="subject" id="{SHELF_ID}">', tab.text)
        turtle = requests.get(f"{self.wiki.url}/entity/{SHELF_ID}", headers={"Accept": "text/turtle"}, timeout=60)
        self.assertTrue(turtle.headers["content-type"].startswith("text/turtle"), turtle.headers)
        base = self.wiki.url
        self.assertIn(f"<{base}/entity/{SHELF_ID}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{base}/schema/Shelf>", turtle.text)
        self.assertEqual(self.get("/entity/s1nobodyaaaaaa1").status_code, 404)


if __name__ == "__main__":
    unittest.main()
