"""The core's words are MediaWiki messages: with `uselang=qqx` the page view, the Data tab, a Schema
page, Special:Subjects and the editor's violation messages show message keys, not English; a refused
Schema edit shows one message per refusal kind, with the kind and parameters the REST answer names
(docs/i18n.md).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_messages.py -v`."""

import json
import random
import string
import time
import unittest

import requests

from mediawiki_wiki import WikiTest

TAG = "".join(random.choices(string.ascii_lowercase, k=6))
SCHEMA = f"Worded{TAG}"
PAGE = f"Worded page {TAG}"

# A Schema text per refusal kind the checker names, with the kind and the path it is about.
REFUSALS = [
    ({"propertyDefinitions": {"A": {"type": "number", "minimum": 5, "maximum": 1}}},
     "strata-schema-refusal-minimum-above-maximum", "propertyDefinitions.A", []),
    ({"propertyDefinitions": {"A": {"type": "date", "minimum": "2020-01-02", "maximum": "2020-01-01"}}},
     "strata-schema-refusal-minimum-later-than-maximum", "propertyDefinitions.A", []),
    ({"propertyDefinitions": {"A": {"type": "number", "minimum": "x"}}},
     "strata-schema-refusal-not-a-number", "propertyDefinitions.A.minimum", []),
    ({"propertyDefinitions": {"A": {"type": "date", "minimum": "May"}}},
     "strata-schema-refusal-not-a-date", "propertyDefinitions.A.minimum", []),
    ({"propertyDefinitions": {"A": {"type": "number", "precision": 99}}},
     "strata-schema-refusal-bad-precision", "propertyDefinitions.A.precision", []),
    ({"propertyDefinitions": {"A": {"type": "text", "minLength": 5, "maxLength": 1}}},
     "strata-schema-refusal-min-length-above-max-length", "propertyDefinitions.A", []),
    ({"propertyDefinitions": {"A": {"type": "select", "options": [{"id": "o1", "label": "x"}, {"id": "o1", "label": "y"}]}}},
     "strata-schema-refusal-duplicate-option-id", "propertyDefinitions.A.options[1]", ["o1"]),
    ({"propertyDefinitions": {"A": {"type": "relation"}}},
     "strata-schema-refusal-no-target-schemas", "propertyDefinitions.A.targetSchemas", []),
    ({"propertyDefinitions": {"A": {"type": "text", "required": {"severity": "fatal"}}}},
     "strata-schema-refusal-bad-severity", "propertyDefinitions.A.required.severity", []),
    ({"propertyDefinitions": {"A": {"type": "text", "required": {"severity": "error", "extra": 1}}}},
     "strata-schema-refusal-unexpected-key", "propertyDefinitions.A.required", ["extra"]),
    ({"propertyDefinitions": {"A": {"type": "boolean", "default": "yes"}}},
     "strata-schema-refusal-bad-boolean-default", "propertyDefinitions.A.default", []),
    ({"propertyDefinitions": {"A": {}}}, "strata-schema-refusal-type-missing", "propertyDefinitions.A.type", []),
    ({"propertyDefinitions": {"A": "text"}}, "strata-schema-refusal-definition-not-an-object", "propertyDefinitions.A", []),
    ({"description": 5, "propertyDefinitions": {}}, "strata-schema-refusal-not-a-string", "description", []),
    ({"subjectsAreDependent": "no", "propertyDefinitions": {}}, "strata-schema-refusal-not-a-boolean", "subjectsAreDependent", []),
    ({}, "strata-schema-refusal-missing", "propertyDefinitions", []),
]


class CoreMessages(WikiTest):
    callers = {"Wanda": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        schema = {"propertyDefinitions": {"Open": {"type": "boolean"}, "Founded": {"type": "date"}}}
        assert cls.wanda.request("PUT", f"/schema/{SCHEMA}", {"schema": schema}).status_code == 201
        cls.wanda.ok("POST", "/subjects", {"schema": SCHEMA, "label": "Worded", "pageTitle": PAGE, "statements": {
            "Open": {"propertyType": "boolean", "value": True},
            "Founded": {"propertyType": "date", "value": ["1815-12-10"]}}})

    def html(self, **query):
        answer = requests.get(f"{self.wiki.url}/index.php", params=query, timeout=60)
        self.assertEqual(answer.status_code, 200, answer.text[:500])
        return answer.text

    def test_the_core_words_are_message_keys_with_qqx_and_english_without(self):
        cases = [
            ({"title": PAGE}, ["<td>Yes</td>", ">10 December 1815<"], ["<td>(strata-yes)</td>", ">10 (strata-month-12) 1815<"]),
            ({"title": PAGE, "action": "subjects"}, [">Copy</button>", "<th>IRI</th>"],
             [">(strata-data-copy)</button>", "<th>(strata-heading-iri)</th>"]),
            ({"title": f"Schema:{SCHEMA}"}, ['<th scope="col">Property</th>'], ['<th scope="col">(strata-heading-property)</th>']),
            ({"title": "Special:Subjects", "schema": SCHEMA}, ['<th scope="col">Subject</th>'],
             ['<th scope="col">(strata-heading-subject)</th>']),
            ({"title": "Special:Schemas"}, ['<th scope="col">Description</th>'], ['<th scope="col">(strata-heading-description)</th>']),
        ]
        for query, english, keys in cases:
            with self.subTest(query=query):
                # The English first: the parser cache must keep one copy per language.
                plain = self.html(**query)
                for text in english:
                    self.assertIn(text, plain)
                shown = self.html(**query, uselang="qqx")
                for text in keys:
                    self.assertIn(text, shown)
                for text in english:
                    self.assertNotIn(text, shown)
                self.assertIn(english[0], self.html(**query), "the English copy is still served")

    def test_a_core_word_changed_on_the_wiki_is_drawn_at_the_next_parse(self):
        # The core's words are kept per language between requests (Core/CoreMessages): a German parse
        # of the page keeps that copy, then a MediaWiki:Strata-… page changes one of its words
        # (German has no translation of its own here: English is its fallback).
        override = self.wanda.site.pages["MediaWiki:Strata-month-12/de"]
        self.assertIn(">10 December 1815<", self.parsed_again(uselang="de"))
        try:
            override.edit(f"Christmonat{TAG}", "a word of our own")
            self.assertIn(f">10 Christmonat{TAG} 1815<", self.parsed_again(uselang="de"))
        finally:
            override.delete("back to the fallback")
        self.assertIn(">10 December 1815<", self.parsed_again(uselang="de"))

    def parsed_again(self, **query):
        """The page view after a purge, so drawn now. MediaWiki keeps a parse made in the second of
        the purge (it compares whole seconds), so the purge waits for the next second."""
        time.sleep(1.1)
        self.wanda.site.post("purge", titles=PAGE)
        return self.html(title=PAGE, **query)

    def test_a_query_from_wikitext_says_its_failure_in_the_readers_words(self):
        def parsed(language):
            answer = requests.get(f"{self.wiki.url}/api.php", timeout=60, params={
                "action": "parse", "format": "json", "contentmodel": "wikitext", "prop": "text", "uselang": language,
                "text": "{{#strata_cypher: MATCH (n) DETACH DELETE n}}"})
            self.assertEqual(answer.status_code, 200, answer.text[:500])
            return answer.json()["parse"]["text"]["*"]
        self.assertIn('<strong class="error strata-query-error">Strata query failed (', parsed("en"))
        keys = parsed("qqx")
        self.assertIn('<strong class="error strata-query-error">(strata-query-failed', keys)
        self.assertNotIn("Strata query failed", keys)

    def test_the_editor_loads_each_violation_message_in_the_readers_language(self):
        loaded = requests.get(f"{self.wiki.url}/load.php", params={"modules": "ext.strata.editor", "lang": "qqx"}, timeout=60)
        self.assertEqual(loaded.status_code, 200)
        self.assertIn('"strata-violation-required":"(strata-violation-required)"', loaded.text.replace(" ", ""))
        english = requests.get(f"{self.wiki.url}/load.php", params={"modules": "ext.strata.editor", "lang": "en"}, timeout=60)
        self.assertNotIn("(strata-violation-required)", english.text)

    def edit_errors(self, title, schema, language):
        """The errors api.php gives for an edit of a Schema page, as plain text in `language`."""
        answer = self.wanda.site.raw_api("edit", "POST", title=title, text=json.dumps(schema), summary="refused",
                                         token=self.wanda.csrf, errorformat="plaintext", formatversion="2",
                                         uselang=language)
        return answer.get("errors", [])

    def test_each_refusal_kind_is_a_message_with_the_kind_and_parameters_of_the_rest_answer(self):
        for i, (schema, kind, path, params) in enumerate(REFUSALS):
            with self.subTest(kind=kind):
                rest = self.wanda.request("PUT", f"/schema/Refused{TAG}{i}", {"schema": schema})
                self.assertEqual(rest.status_code, 400, rest.text)
                reasons = rest.json()["reasons"]
                self.assertEqual([(r["path"], r["messageKey"], r["params"]) for r in reasons], [(path, kind, params)])
                title = f"Schema:Refused {TAG} {i}"
                keys = self.edit_errors(title, schema, "qqx")
                self.assertEqual([e["code"] for e in keys], ["strata-invalid-schema"])
                shown = f"({kind}: {', '.join(params)})" if params else f"({kind})"
                self.assertEqual(keys[0]["text"], f"(strata-schema-refusal: {path}, {shown})")
                english = self.edit_errors(title, schema, "en")
                self.assertEqual([e["text"] for e in english], [f"{path}: {reasons[0]['message']}"])
                self.assertFalse(self.wanda.site.pages[title].exists, "nothing was saved")


if __name__ == "__main__":
    unittest.main()
