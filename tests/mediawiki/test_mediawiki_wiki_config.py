"""The wiki-side configuration page `MediaWiki:Strata.json` on MediaWiki: `enforceValidation` set there
turns enforcement on and off without touching LocalSettings.php, each edit, deletion, re-creation and
undeletion and move taking effect at once (the text is cached, and each change replaces the cache's
generation: each test reads once before a change, so a change that kept the old text fails it); a text that sets a key wrongly is refused on save; and only a holder of `editsitejson` (sysops and interface administrators by default)
may change it.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_wiki_config.py -v`."""

import json
import random
import string
import unittest

import mwclient

from mediawiki_wiki import WikiTest

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
SCHEMA = {"propertyDefinitions": {"Code": {"type": "text", "minLength": {"value": 3, "severity": "error"}}}}


class WikiConfigPage(WikiTest):
    callers = {"Ines": ["sysop"], "Una": []}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        assert cls.ines.request("PUT", f"/schema/Coded{TAG}", {"schema": SCHEMA}).status_code == 201

    def tearDown(self):
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": false}', "back to the default")

    @classmethod
    def tearDownClass(cls):
        # The page gone, the operator's setting applies again: the tests that run after these on the
        # same wiki (e2e-schema-race sets $wgStrataEnforceValidation) see the wiki as they would alone.
        cls.ines.site.pages["MediaWiki:Strata.json"].delete("the operator's setting again")
        super().tearDownClass()

    def short_code(self, n):
        return self.ines.request("POST", "/subjects", {
            "schema": f"Coded{TAG}", "pageTitle": f"Coded {TAG} {n}",
            "statements": {"Code": {"propertyType": "text", "value": ["x"]}}})

    def test_enforce_validation_on_the_page_refuses_new_errors_and_off_allows_them(self):
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": true}', "enforce")
        refused = self.short_code(1)
        self.assertEqual(refused.status_code, 422, refused.text)
        self.assertEqual(refused.json()["violations"][0]["code"], "min-length")
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": false}', "do not enforce")
        self.assertEqual(self.short_code(2).status_code, 201)

    def test_a_deleted_page_gives_the_operators_setting_and_a_new_or_undeleted_one_its_own(self):
        # The page's text is read from MediaWiki's message cache, which also remembers that it is absent.
        page = self.ines.site.pages["MediaWiki:Strata.json"]
        page.edit('{"enforceValidation": true}', "enforce")
        self.assertEqual(self.short_code(4).status_code, 422)
        page.delete("deleted")
        self.assertEqual(self.short_code(5).status_code, 201, "deleted: the operator's setting (off)")
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": true}', "created again")
        self.assertEqual(self.short_code(6).status_code, 422, "created again")
        self.ines.site.pages["MediaWiki:Strata.json"].delete("deleted again")
        self.assertEqual(self.short_code(7).status_code, 201, "deleted again")
        self.ines.site.post("undelete", title="MediaWiki:Strata.json", reason="back", token=self.ines.site.get_token("csrf"))
        self.assertEqual(self.short_code(8).status_code, 422, "undeleted")

    def test_a_page_moved_away_or_back_takes_effect_at_once(self):
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": true}', "enforce")
        self.assertEqual(self.short_code(9).status_code, 422)
        token = self.ines.site.get_token("csrf")
        aside = f"MediaWiki:Strata-{TAG}.json"
        self.ines.site.post("move", **{"from": "MediaWiki:Strata.json", "to": aside, "noredirect": "1", "reason": "aside", "token": token})
        self.assertEqual(self.short_code(10).status_code, 201, "moved away: the operator's setting (off)")
        self.assertEqual(self.short_code(12).status_code, 201)
        self.ines.site.post("move", **{"from": aside, "to": "MediaWiki:Strata.json", "noredirect": "1", "reason": "back", "token": token})
        self.assertEqual(self.short_code(11).status_code, 422, "moved back")

    def test_a_text_that_sets_a_key_wrongly_is_refused_on_save(self):
        cases = [
            ('{"enforceValidation": "yes"}', 'key "enforceValidation" must be boolean'),
            ('{"enforce": true}', 'unknown key "enforce"'),
            ('[true]', "must hold a JSON object"),
        ]
        for text, reason in cases:
            with self.assertRaises(mwclient.errors.APIError, msg=text) as refused:
                self.ines.site.pages["MediaWiki:Strata.json"].edit(text, "a bad text")
            self.assertEqual(refused.exception.code, "strata-invalid-config", text)
            self.assertIn(reason, refused.exception.info, text)
        self.assertEqual(self.short_code(3).status_code, 201, "the operator's setting (off) applies")

    def test_a_user_without_editsitejson_may_not_change_it(self):
        with self.assertRaises(mwclient.errors.ProtectedPageError) as refused:
            self.una.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": true}', "a user tries")
        self.assertIn(refused.exception.code, ("sitejsonprotected", "protectednamespace-interface"))
        self.assertEqual(json.loads(self.ines.site.pages["MediaWiki:Strata.json"].text()), {"enforceValidation": False}, "nothing saved")


if __name__ == "__main__":
    unittest.main()
