"""Subject-slot changes MediaWiki makes itself, through api.php with mwclient: a rollback of another
user's REST edit, a deletion through action=delete and an undeletion, a page move. Each must leave the index
tables (lists, reads by Subject ID, the Subject counts) and the stores (Cypher) as the core computes them
(mediawiki/src/Hooks/SubjectSlotHooks.php).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import unittest
import uuid

from mediawiki_wiki import WikiTest

TAG = uuid.uuid4().hex[:6]  # page titles of this run, so that the test may run again on one wiki


class MediaWikiPageChanges(WikiTest):
    callers = {"Ann": ["sysop"], "Ray": ["sysop"]}

    def listed(self, label):
        return [s["label"] for s in self.ann.ok("GET", f"/subjects?schema=Crate&search={TAG}")["subjects"] if s["label"] == label]

    def crates(self):
        """How many Crate Subjects `/subject-counts` counts (the count table the index writes keep)."""
        return self.ann.ok("GET", "/subject-counts")["counts"].get("Crate", 0)

    def graph_name(self, subject_id):
        rows = self.ann.ok("POST", "/query/cypher", {"cypher": "MATCH (s:Crate {_id: $id}) RETURN s._name AS n",
                                                          "parameters": {"id": subject_id}})["rows"]
        return [r["n"] for r in rows]

    def test_rollback_delete_and_undelete_keep_the_index_and_the_stores(self):
        self.ann.ok("PUT", "/schema/Crate", {"schema": {"propertyDefinitions": {}}})
        first, second = f"Crate {TAG}", f"Box {TAG}"
        before = self.crates()
        subject_id = self.ann.ok("POST", "/subjects", {"schema": "Crate", "label": first, "statements": {}})["subjectId"]
        title = self.ann.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]["pageTitle"]
        self.ray.ok("PUT", f"/subject/{subject_id}", {"label": second, "statements": {}})
        self.assertEqual((self.listed(second), self.graph_name(subject_id)), ([second], [second]))
        self.assertEqual(self.crates(), before + 1)

        # Ann rolls Ray's edit back through api.php: the Subject slot of her revision is restored.
        self.ann.site.api("rollback", title=title, user="Ray", token=self.ann.site.get_token("rollback"))
        read = self.ann.ok("GET", f"/subject/{subject_id}")["subjects"][subject_id]
        self.assertEqual(read["label"], first)
        self.assertEqual((self.listed(first), self.listed(second)), ([first], []))
        self.assertEqual(self.graph_name(subject_id), [first])
        self.assertEqual(self.crates(), before + 1)

        # A deletion through api.php's action=delete removes the rows and the projection.
        self.ann.site.pages[title].delete(reason="gone")
        self.assertEqual(self.ann.call("GET", f"/subject/{subject_id}")[0], 404)
        self.assertEqual(self.listed(first), [])
        self.assertEqual(self.graph_name(subject_id), [])
        self.assertEqual(self.crates(), before)

        # Undeleting brings the rows and the projection back.
        self.ann.site.api("undelete", title=title, reason="back", token=self.ann.csrf)
        self.assertEqual(self.ann.ok("GET", f"/subject/{subject_id}")["subjects"][subject_id]["label"], first)
        self.assertEqual(self.listed(first), [first])
        self.assertEqual(self.graph_name(subject_id), [first])
        self.assertEqual(self.crates(), before + 1)

    def test_a_moved_page_is_found_by_its_new_title(self):
        self.ann.ok("PUT", "/schema/Crate", {"schema": {"propertyDefinitions": {}}})
        subject_id = self.ann.ok("POST", "/subjects", {"schema": "Crate", "label": f"Tub {TAG}", "statements": {}})["subjectId"]
        title = self.ann.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]["pageTitle"]
        before = self.crates()
        self.ann.site.pages[title].move(f"Moved tub {TAG}", reason="tidy", no_redirect=True)
        self.assertEqual(self.crates(), before)  # the Subject moved with its page: counted once
        found = self.ann.ok("GET", f"/subjects?search=moved tub {TAG}")["subjects"]
        self.assertEqual([(s["id"], s["pageTitle"]) for s in found], [(subject_id, f"Moved tub {TAG}")])
        self.assertEqual(self.ann.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]["pageTitle"], f"Moved tub {TAG}")
        rows = self.ann.ok("POST", "/query/cypher", {"cypher": "MATCH (s:Crate {_id: $id})<-[]-(p:Page) RETURN p.title AS t",
                                                    "parameters": {"id": subject_id}})["rows"]
        self.assertEqual(rows, [{"t": f"Moved tub {TAG}"}])


if __name__ == "__main__":
    unittest.main()
