"""A deletion MediaWiki makes itself (DeletePage, as action=delete and Special:Delete do) removes the
page's index rows inside MediaWiki's transaction (mediawiki/src/Hooks/SubjectSlotHooks.php): a
deletion rolled back leaves the rows and the page, and its projection is never sent; a deletion
committed leaves no row (tests/mediawiki/support/delete_in_transaction.php).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import unittest
import uuid

from mediawiki_wiki import WikiTest

TAG = uuid.uuid4().hex[:6]
SCRIPT = "tests/mediawiki/support/delete_in_transaction.php"


class MediaWikiDeleteTransaction(WikiTest):
    callers = {"Dee": ["sysop"]}

    def delete(self, page_id, *options):
        out = self.wiki.maintenance("runScript", str(self.wiki.root / SCRIPT), str(page_id), *options)
        return json.loads(out.strip().splitlines()[-1])

    def graph_ids(self, subject_id):
        rows = self.dee.ok("POST", "/query/cypher", {"cypher": "MATCH (s:Bin {_id: $id}) RETURN s._id AS i",
                                                     "parameters": {"id": subject_id}})["rows"]
        return [r["i"] for r in rows]

    def test_a_deletion_rolled_back_keeps_the_rows_and_one_committed_leaves_none(self):
        self.dee.ok("PUT", "/schema/Bin", {"schema": {"propertyDefinitions": {"Next": {"type": "relation", "targetSchemas": ["Bin"]}}}})
        other = self.dee.ok("POST", "/subjects", {"schema": "Bin", "label": f"Other bin {TAG}", "statements": {}})["subjectId"]
        subject_id = self.dee.ok("POST", "/subjects", {"schema": "Bin", "label": f"Bin {TAG}", "statements": {
            "Next": {"propertyType": "relation", "value": [{"target": other}]}}})["subjectId"]
        page_id = self.dee.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]["pageId"]
        rows = {"subjects": 1, "relations": 1}
        none = {"subjects": 0, "relations": 0}

        rolled_back = self.delete(page_id)
        self.assertEqual(rolled_back, {"deleted": True, "rowsInside": none, "rowsAfter": rows, "pageAfter": True})
        self.assertEqual(self.dee.call("GET", f"/subject/{subject_id}")[0], 200)
        self.assertEqual(self.graph_ids(subject_id), [subject_id], "a rolled-back deletion was projected")

        committed = self.delete(page_id, "--commit")
        self.assertEqual(committed, {"deleted": True, "rowsInside": none, "rowsAfter": none, "pageAfter": False})
        self.assertEqual(self.dee.call("GET", f"/subject/{subject_id}")[0], 404)
        self.assertEqual(self.graph_ids(subject_id), [])


if __name__ == "__main__":
    unittest.main()
