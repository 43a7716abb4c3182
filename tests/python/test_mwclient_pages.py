"""mwclient reads and writes pages of the reference host through api.php as it does on MediaWiki:
`page.text()` and `page.save()` (prop=info|revisions, titles=, action=edit), `site.allpages()`
(list=allpages and generator=allpages, with continuation) and `page.revisions()`."""

import json
import unittest

import mwclient

from strata_server import BotPasswordTest


class MwclientPages(BotPasswordTest):
    bot = "pages"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.site = cls.login()
        for title in ["Apple", "Banana", "Cherry", "Date", "Elderberry"]:
            cls.site.pages[title].save(f"{title} text", summary="fruit")

    def test_a_missing_page_reads_as_empty_and_save_creates_it(self):
        page = self.site.pages["Fresh page"]
        self.assertFalse(page.exists)
        self.assertEqual(page.text(), "")
        result = page.save("first text", summary="create")
        self.assertEqual((result["result"], result["title"]), ("Success", "Fresh page"))
        again = self.site.pages["Fresh_page"]
        self.assertTrue(again.exists)
        self.assertEqual(again.pageid, result["pageid"])
        self.assertEqual(again.revision, result["newrevid"])
        self.assertEqual(again.text(), "first text")

    def test_save_after_text_keeps_every_revision(self):
        page = self.site.pages["Notes"]
        page.save("one", summary="first")
        page = self.site.pages["Notes"]
        self.assertEqual(page.text(), "one")
        page.save("two", summary="second")
        revisions = list(self.site.pages["Notes"].revisions(prop="ids|comment|content"))
        self.assertEqual([r["comment"] for r in revisions], ["second", "first"])
        self.assertEqual([r["*"] for r in revisions], ["two", "one"])
        self.assertEqual(revisions[0]["parentid"], revisions[1]["revid"])

    def test_allpages_follows_continuation(self):
        titles = list(self.site.allpages(generator=False, api_chunk_size=2))
        fruit = [t for t in titles if t in {"Apple", "Banana", "Cherry", "Date", "Elderberry"}]
        self.assertEqual(fruit, ["Apple", "Banana", "Cherry", "Date", "Elderberry"])
        self.assertEqual(titles, sorted(titles))
        pages = list(self.site.allpages(prefix="B", api_chunk_size=1))
        self.assertEqual([(p.name, p.exists, p.text()) for p in pages], [("Banana", True, "Banana text")])
        self.assertEqual(list(self.site.allpages(start="D", end="Date", generator=False)), ["Date"])

    def test_a_schema_page_reads_as_its_json(self):
        schema = {"propertyDefinitions": {"Title": {"type": "text"}}}
        self.site.pages["Schema:Book"].save(json.dumps(schema), summary="schema")
        page = self.site.pages["Schema:Book"]
        self.assertEqual((page.namespace, page.contentmodel), (7474, "strata-schema"))
        self.assertEqual(json.loads(page.text())["propertyDefinitions"]["Title"]["type"], "text")
        self.assertIn("Book", [p.page_title for p in self.site.allpages(namespace=7474)])

    def test_an_invalid_title_is_refused_by_mwclient(self):
        with self.assertRaises(mwclient.errors.InvalidPageTitle):
            self.site.pages["a<b"]


if __name__ == "__main__":
    unittest.main()
