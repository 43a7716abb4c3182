"""The wiki-side configuration page `MediaWiki:Strata.json` on MediaWiki: `enforceValidation` set there
turns enforcement on and off without touching LocalSettings.php, each edit taking effect at once (read
per revision), and only a holder of `editsitejson` (an interface administrator) may change it.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_wiki_config.py -v`."""

import random
import string
import unittest

import mwclient

from mediawiki_wiki import WikiTest

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
SCHEMA = {"propertyDefinitions": {"Code": {"type": "text", "minLength": {"value": 3, "severity": "error"}}}}


class WikiConfigPage(WikiTest):
    callers = {"Ines": ["sysop", "interface-admin"], "Otto": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        assert cls.ines.request("PUT", f"/schema/Coded{TAG}", {"schema": SCHEMA}).status_code == 201

    def tearDown(self):
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": false}', "back to the default")

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

    def test_a_value_of_the_wrong_type_is_ignored(self):
        self.ines.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": "yes"}', "a string")
        self.assertEqual(self.short_code(3).status_code, 201, "the operator's setting (off) applies")

    def test_only_an_interface_administrator_may_change_it(self):
        with self.assertRaises(mwclient.errors.APIError) as refused:
            self.otto.site.pages["MediaWiki:Strata.json"].edit('{"enforceValidation": true}', "a sysop tries")
        self.assertIn(refused.exception.code, ("sitejsonprotected", "protectednamespace-interface", "permissiondenied"))


if __name__ == "__main__":
    unittest.main()
