"""MediaWiki's own search finds a page by its Subjects (docs/mediawiki.md, "Search"): Special:Search
(the database search of the test wiki) finds the page by a Subject's label and by a text value, on a
page whose title holds neither; an edit of the Subjects alone (MediaWiki indexes no inherited main
slot) replaces the words the index has; the fields CirrusSearch reads (`SearchDataForIndex`) carry the
same text in the field `strata_subjects` (tests/mediawiki/support/search_fields.php).

Run: `cd tests/mediawiki && ../../.venv/bin/python -m unittest test_mediawiki_search -v`."""

import time
import uuid
import unittest
from urllib.parse import quote

from mediawiki_wiki import WikiTest

TAG = uuid.uuid4().hex[:8]
# Words of letters only: the database search splits on everything else.
LABEL_WORD = "quillon" + "".join(chr(ord("a") + int(c, 16) % 26) for c in TAG)
TEXT_WORD = "vellum" + "".join(chr(ord("a") + int(c, 16) % 26) for c in TAG[::-1])
NEW_WORD = "parchment" + "".join(chr(ord("a") + int(c, 16) % 26) for c in TAG[2:])


class MediaWikiSearch(WikiTest):
    callers = {"Sam": ["sysop"]}

    def listed(self, word, title):
        """Whether Special:Search (full text, main namespace) lists the page `title` for `word`."""
        html = self.sam.site.connection.get(
            f"{self.wiki.url}/index.php?title=Special:Search&fulltext=1&ns0=1&search={quote(word)}").text
        return f'title="{title}"' in html

    def eventually(self, word, title, listed=True):
        """`listed(word, title)` once the save's updates (run after the answer is sent) reached the index."""
        deadline = time.monotonic() + 60
        while self.listed(word, title) != listed and time.monotonic() < deadline:
            time.sleep(0.3)
        return self.listed(word, title)

    def test_special_search_finds_a_page_by_a_subjects_label_and_text_value(self):
        self.sam.ok("PUT", "/schema/Searchable", {"schema": {"propertyDefinitions": {"Note": {"type": "text"}}}})
        title = f"Catalogue entry {TAG}"
        subject = self.sam.ok("POST", "/subjects", {"schema": "Searchable", "label": f"The {LABEL_WORD} codex", "pageTitle": title,
                                                   "statements": {"Note": {"propertyType": "text", "value": [f"Bound in {TEXT_WORD}"]}}})["subjectId"]
        self.assertTrue(self.eventually(LABEL_WORD, title), "found by the label")
        self.assertTrue(self.eventually(TEXT_WORD, title), "found by a text value")

        self.sam.ok("PUT", f"/subject/{subject}", {"label": f"The {LABEL_WORD} codex", "statements": {
            "Note": {"propertyType": "text", "value": [f"Bound in {NEW_WORD}"]}}})
        self.assertTrue(self.eventually(NEW_WORD, title), "found by the new text value after an edit of the Subject alone")
        self.assertFalse(self.eventually(TEXT_WORD, title, listed=False), "no longer found by the old one")

        fields = self.wiki.run_script("tests/mediawiki/support/search_fields.php")
        self.assertIn("strata_subjects", fields["declared"])
        page_fields = fields["pages"][title]
        self.assertEqual(page_fields["strata_subjects"], f"The {LABEL_WORD} codex\nBound in {NEW_WORD}")


if __name__ == "__main__":
    unittest.main()
