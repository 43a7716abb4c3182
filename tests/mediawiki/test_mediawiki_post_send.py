"""A Strata save on MediaWiki answers before MediaWiki's own post-send updates (links tables, recent
changes, search index) run: the REST answer of a save carries Content-Length and Connection: close,
as api.php's edit does, so the client has the whole answer once the body is sent
(mediawiki/src/Rest/CoreRouteHandler.php, docs/mediawiki.md "Stores"). A read, which leaves no such
work, keeps its connection. The stores were written before the answer: a query made right after it
finds the save.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import unittest
import uuid

from mediawiki_wiki import WikiTest

GADGET = {"propertyDefinitions": {"Name": {"type": "text"}}}
TAG = uuid.uuid4().hex[:6]


class MediaWikiPostSend(WikiTest):
    callers = {"Lou": ["sysop"]}

    def test_a_save_answers_with_its_length_and_closes_and_a_read_keeps_its_connection(self):
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": f"Gadget {TAG}", "statements": {}})
        name = {"Name": {"propertyType": "text", "value": [f"Sprocket {TAG}"]}}
        saved = self.lou.request("PUT", f"/subject/{made['subjectId']}", {"label": f"Gadget {TAG}", "statements": name})
        self.assertEqual(saved.status_code, 200, saved.text)
        self.assertEqual(saved.headers.get("Connection", "").lower(), "close", saved.headers)
        self.assertEqual(saved.headers.get("Content-Length"), str(len(saved.content)), saved.headers)
        self.assertEqual(saved.json()["subject"]["statements"], name)

        read = self.lou.request("GET", f"/subject/{made['subjectId']}")
        self.assertEqual(read.status_code, 200, read.text)
        self.assertNotEqual(read.headers.get("Connection", "").lower(), "close", read.headers)

        cypher = "MATCH (s:Subject {_id: $id}) RETURN s.Name AS name"
        rows = self.lou.ok("POST", "/query/cypher", {"cypher": cypher, "parameters": {"id": made["subjectId"]}})["rows"]
        self.assertEqual(rows, [{"name": f"Sprocket {TAG}"}])


if __name__ == "__main__":
    unittest.main()
