"""What a reader of MediaWiki sees, drawn by the core: a page's Subjects below its text (with the
Schema and Layout pages they used as templates), a Schema page's property table, Special:Subjects
and Special:Schemas, RDF autodiscovery links, a history diff per Subject and Statement, and pages
drawn before their Schema had a Layout refreshed when one is created or deleted.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_page_view.py -v`."""

import random
import re
import string
import time
import unittest

import requests

from mediawiki_wiki import WikiTest

SCHEMA = {"propertyDefinitions": {"Born": {"type": "text"}, "Motto": {"type": "text"}}}
# Names of this run, so that the test runs again on the same wiki.
TAG = "".join(random.choices(string.ascii_lowercase, k=6))
SCHEMA_NAME = f"Viewed{TAG}"
LAYOUT = f"Viewed card {TAG}"
PAGE = f"Viewed page {TAG}"
LATE_SCHEMA = f"Late{TAG}"
LATE_PAGE = f"Late page {TAG}"


class PageView(WikiTest):
    callers = {"Vera": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        assert cls.vera.request("PUT", f"/schema/{SCHEMA_NAME}", {"schema": SCHEMA}).status_code == 201
        layout = cls.vera.site.pages[f"Layout:{LAYOUT}"].edit(f'{{"schema": "{SCHEMA_NAME}", "type": "card"}}', "a Layout")
        assert layout["result"] == "Success", layout
        created = cls.vera.request("POST", "/subjects", {
            "schema": SCHEMA_NAME, "label": "Ada <View>", "pageTitle": PAGE,
            "statements": {"Born": {"propertyType": "text", "value": ["1815"]}}})
        assert created.status_code == 201, created.text
        cls.subject_id = created.json()["subject"]["id"]
        cls.vera.ok("PUT", f"/subject/{cls.subject_id}", {"label": "Ada Viewed", "statements": {
            "Born": {"propertyType": "text", "value": ["1816"]}, "Motto": {"propertyType": "text", "value": ["Poetical science"]}}})

    def html(self, query):
        answer = requests.get(f"{self.wiki.url}/index.php", params=query, timeout=60)
        self.assertEqual(answer.status_code, 200, answer.text[:500])
        return answer.text

    def test_the_page_shows_its_subject_through_its_layout_below_its_text(self):
        html = self.html({"title": PAGE})
        content = html[html.index('<div class="mw-parser-output">'):]
        section = re.search(rf'<section class="subject" id="subject-(\w+)" data-subject-id="(\w+)" data-schema="{SCHEMA_NAME}" data-layout="{LAYOUT}">', content)
        self.assertIsNotNone(section, content[:2000])
        self.assertEqual(section.groups(), (self.subject_id, self.subject_id))
        self.assertIn('<h2 class="subject-name">Ada Viewed</h2>', content)
        self.assertIn("1816", content)
        self.assertIn("ext.strata.styles", html)
        templates = self.vera.site.api("query", prop="templates", titles=PAGE)["query"]["pages"]
        used = sorted(t["title"] for page in templates.values() for t in page["templates"])
        self.assertEqual(used, [f"Layout:{LAYOUT}", f"Schema:{SCHEMA_NAME}"])

    def test_an_old_revision_shows_its_own_subjects(self):
        revisions = self.vera.site.api("query", prop="revisions", titles=PAGE, rvlimit=2, rvdir="newer")["query"]["pages"]
        first = next(iter(revisions.values()))["revisions"][0]["revid"]
        html = self.html({"title": PAGE, "oldid": first})
        self.assertIn("1815", html)
        self.assertIn("Ada &lt;View&gt;", html)

    def test_the_history_diff_names_each_change(self):
        html = self.html({"title": PAGE, "diff": "cur", "oldid": "prev"})
        self.assertIn(f'data-subject-id="{self.subject_id}"', html)
        self.assertIn(f"Subject {self.subject_id} changed", html)
        rows = re.findall(r'<td class="diff-(?:deletedline|addedline) diff-side-(?:deleted|added)"><div><strong>([^<]+)</strong>: ([^<]*)</div></td>', html)
        self.assertIn(("Label", "Ada &lt;View&gt;"), rows)
        self.assertIn(("Label", "Ada Viewed"), rows)
        self.assertIn(("Born", '[&quot;1815&quot;]'), rows)
        self.assertIn(("Born", '[&quot;1816&quot;]'), rows)
        self.assertIn(("Motto", '[&quot;Poetical science&quot;]'), rows)
        self.assertNotIn('"mainSubject"', html, "not the slot's JSON")

    def test_a_schema_page_shows_its_property_table(self):
        html = self.html({"title": f"Schema:{SCHEMA_NAME}"})
        self.assertIn('<table class="schema-properties">', html)
        self.assertRegex(html, r"<td>Born</td>|>Born<")

    def test_special_pages_find_the_subject_and_list_the_schema(self):
        html = self.html({"title": "Special:Subjects", "search": "Ada Viewed", "schema": SCHEMA_NAME})
        self.assertRegex(html, rf'<a href="[^"]*Viewed_page_{TAG}#subject-{self.subject_id}">Ada Viewed</a>')
        schemas = self.html({"title": "Special:Schemas"})
        self.assertIn('<table class="list schema-list">', schemas)
        self.assertIn(f"Special:Subjects&amp;schema={SCHEMA_NAME}", schemas)
        special = self.html({"title": "Special:SpecialPages"})
        self.assertIn('id="Strata"', special)

    def test_a_layout_created_later_redraws_the_pages_drawn_before_it(self):
        assert self.vera.request("PUT", f"/schema/{LATE_SCHEMA}", {"schema": SCHEMA}).status_code == 201
        self.vera.ok("POST", "/subjects", {"schema": LATE_SCHEMA, "label": "Late Ada", "pageTitle": LATE_PAGE,
                                           "statements": {"Born": {"propertyType": "text", "value": ["1815"]}}})
        layout = f"Layout:Late card {TAG}"

        def drawn_with():
            self.wiki.maintenance("runJobs")
            html = self.html({"title": LATE_PAGE})  # anonymous: the parser cache's copy when it is fresh
            section = re.search(rf'<section class="subject"[^>]* data-schema="{LATE_SCHEMA}"( data-layout="([^"]+)")?>', html)
            self.assertIsNotNone(section, html[:2000])
            # The next change in a later second: MediaWiki keeps a parser cache entry whose time (whole
            # seconds) equals the page's page_touched, as it does after a template edit.
            time.sleep(1.1)
            return section.group(2)

        self.assertIsNone(drawn_with(), "the default infobox, and the parser cache now holds it")
        saved = self.vera.site.pages[layout].edit(f'{{"schema": "{LATE_SCHEMA}", "type": "card"}}', "a later Layout")
        self.assertEqual(saved["result"], "Success", saved)
        self.assertEqual(drawn_with(), f"Late card {TAG}")
        self.vera.site.pages[layout].delete("gone again")
        self.assertIsNone(drawn_with(), "the default infobox again")
        self.vera.site.api("undelete", title=layout, reason="back", token=self.vera.site.get_token("csrf"))
        self.assertEqual(drawn_with(), f"Late card {TAG}", "undeleted")

    def test_content_pages_advertise_their_rdf_when_a_store_is_configured(self):
        html = self.html({"title": PAGE})
        links = re.findall(r'<link rel="alternate" type="([^"]+)" title="[^"]*" href="([^"]+)"', html)
        page_id = self.vera.site.pages[PAGE].pageid
        rest = f"{self.wiki.script_path}/rest.php"
        want = [("application/trig", f"{rest}/strata/v0/page/{page_id}/rdf?format=trig"),
                ("text/turtle", f"{rest}/strata/v0/page/{page_id}/rdf?format=turtle")]
        rdf = sorted(l for l in links if l[0] in ("text/turtle", "application/trig"))
        self.assertEqual(rdf, want if self.wiki.recorded("stores") == "yes" else [])


if __name__ == "__main__":
    unittest.main()
