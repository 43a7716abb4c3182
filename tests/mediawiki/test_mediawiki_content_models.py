"""Strata's content models only where they belong (`StrataContentHandler::canBeUsedOn`): Schema,
Layout and Mapping in their namespaces, the Subject slot's model never as a page's main model.
`api.php action=changecontentmodel` (what Special:ChangeContentModel does) refuses every other
place with `changecontentmodel-cannotbeused`, while a change to an ordinary model still works.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_content_models.py -v`."""

import secrets
import unittest

from mwclient.errors import APIError

from mediawiki_wiki import WikiTest


# This run's pages, so that the test runs again on the same wiki.
PLAIN, SCHEMA = f"Plain page for models {secrets.token_hex(3)}", f"ModelHome{secrets.token_hex(3)}"


class MediaWikiContentModels(WikiTest):
    callers = {"Cam": ["sysop"]}

    def change(self, title, model):
        """api.php's answer code to changing `title`'s content model to `model` ("ok" when it changed)."""
        try:
            self.cam.site.post("changecontentmodel", title=title, model=model, summary="test", token=self.cam.csrf)
            return "ok"
        except APIError as e:
            return e.code

    def test_strata_models_are_refused_outside_their_places(self):
        self.cam.site.pages[PLAIN].edit("{}", "plain")
        self.assertEqual(self.cam.request("PUT", f"/schema/{SCHEMA}", {"schema": {"propertyDefinitions": {}}}).status_code, 201)
        cases = [
            (PLAIN, "strata-schema"),
            (PLAIN, "strata-layout"),
            (PLAIN, "strata-mapping"),
            (PLAIN, "strata-subjects"),
            (f"Schema:{SCHEMA}", "strata-layout"),
            (f"Schema:{SCHEMA}", "strata-mapping"),
            (f"Schema:{SCHEMA}", "strata-subjects"),
        ]
        for title, model in cases:
            with self.subTest(title=title, model=model):
                self.assertEqual(self.change(title, model), "changecontentmodel-cannotbeused")
        self.assertEqual(self.change(PLAIN, "json"), "ok")


if __name__ == "__main__":
    unittest.main()
