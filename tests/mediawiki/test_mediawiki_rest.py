"""Strata inside Debian's MediaWiki 1.39, end to end over HTTP: mwclient logs in with a bot password
through api.php; its session and CSRF token drive the REST routes, which MediaWiki hands to the wasm
core through the PHP bridge; a Schema page edited through api.php is checked by the core.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import unittest

from mwclient.errors import APIError

from mediawiki_wiki import WikiTest

PERSON = {"propertyDefinitions": {"Name": {"type": "text", "required": True},
                                  "Knows": {"type": "relation", "targetSchemas": ["Person"], "multiple": True}}}


class MediaWikiRest(WikiTest):
    callers = {"Sam": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.site = cls.sam.site

    def rest(self, method, path, body=None, csrf=True):
        return self.sam.request(method, path, body, csrf)

    def test_a_schema_and_a_subject_round_trip_through_the_core(self):
        self.assertEqual(self.rest("PUT", "/schema/Person", {"schema": PERSON}).status_code, 201)
        self.assertEqual(self.rest("GET", "/schema/Person").json()["schema"], PERSON)

        created = self.rest("POST", "/subjects", {"schema": "Person", "label": "Ada Lovelace",
                                                  "statements": {"Name": {"propertyType": "text", "value": ["Ada"]}}})
        self.assertEqual(created.status_code, 201, created.text)
        subject_id = created.json()["subjectId"]
        read = self.rest("GET", f"/subject/{subject_id}?expand=page").json()["subjects"][subject_id]
        self.assertEqual((read["label"], read["pageTitle"]), ("Ada Lovelace", "Ada Lovelace"))

        replaced = self.rest("PUT", f"/subject/{subject_id}", {"label": "Ada King",
                                                                "statements": {"Name": {"propertyType": "text", "value": ["Ada K"]}}})
        self.assertEqual(replaced.status_code, 200, replaced.text)
        self.assertEqual(self.rest("GET", f"/subject/{subject_id}").json()["subjects"][subject_id]["label"], "Ada King")

        # The Subject lives in the page's revisions: MediaWiki's history has both edits.
        page = self.site.pages["Ada Lovelace"]
        self.assertEqual(len(list(page.revisions())), 2)

        self.assertEqual(self.rest("DELETE", f"/subject/{subject_id}").status_code, 200)
        self.assertEqual(self.rest("GET", f"/subject/{subject_id}").status_code, 404)

    def test_a_write_without_the_csrf_token_is_refused(self):
        answer = self.rest("PUT", "/schema/Nobody", {"schema": {"propertyDefinitions": {}}}, csrf=False)
        self.assertEqual((answer.status_code, answer.json()["errorType"]), (403, "badtoken"))
        self.assertEqual(self.rest("GET", "/schema/Nobody").json(), {"schema": None})

    def test_an_api_edit_of_a_schema_page_is_checked_and_stored_by_the_core(self):
        page = self.site.pages["Schema:Pet"]
        with self.assertRaises(APIError) as refused:
            page.edit(json.dumps({"propertyDefinitions": {"Legs": {"type": "number", "minimum": 5, "maximum": 1}}}), "broken")
        self.assertEqual(refused.exception.code, "strata-invalid-schema")
        # The core's reason, as the REST route gives it for the same Schema (its message per refusal
        # kind: test_mediawiki_messages.py).
        rest = self.rest("PUT", "/schema/PetRest", {"schema": {"propertyDefinitions": {"Legs": {"type": "number", "minimum": 5, "maximum": 1}}}})
        self.assertEqual(rest.status_code, 400, rest.text)
        reason = rest.json()["reasons"][0]
        self.assertEqual(refused.exception.info, f"{reason['path']}: {reason['message']}")
        self.assertEqual(reason["message"], "minimum is greater than maximum")

        page.edit(json.dumps({"propertyDefinitions": {"Name": {"type": "text", "required": False}}}), "fine")
        self.assertEqual(self.rest("GET", "/schema/Pet").json()["schema"], {"propertyDefinitions": {"Name": {"type": "text"}}})


if __name__ == "__main__":
    unittest.main()
