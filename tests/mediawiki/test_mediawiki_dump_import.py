"""The maintenance commands an operator expects (docs/mediawiki.md, "Maintenance"), on the shared test
wiki and on an empty wiki of its own:

- `dumpRdf.php` writes TriG to stdout, one named graph per page, progress to stderr; the dump is parsed
  back by an independent parser (n3 from npm) and holds this test's Subjects with their labels; an
  unknown `--projection` is refused with the known ones, before anything is written.
- A wiki exported with `dumpBackup.php` and imported into an empty wiki with `importDump.php` (Strata's
  AfterImportPage handler indexes and projects each page) gives the same lists, Subjects and graph
  store contents, and the same Subject counts.
- `rebuildIndex.php` makes the index tables again from the pages' latest revisions after they were
  emptied by hand: the lists (kept ones included, as the rebuild's writes renew the index's
  generation) and the Subject counts are back as they were.

Run: `cd tests/mediawiki && ../../.venv/bin/python -m unittest test_mediawiki_dump_import -v`."""

import json
import subprocess
import uuid
import unittest

from mediawiki_wiki import ROOT, Caller, MediaWiki, WikiTest
from rdf_parse import parse_trig

TAG = uuid.uuid4().hex[:6]
SCHEMA = f"Dumped{TAG}"
PLACE = f"Place{TAG}"
class DumpAndImport(WikiTest):
    callers = {"Dana": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dana.ok("PUT", f"/schema/{PLACE}", {"schema": {"propertyDefinitions": {}}})
        cls.dana.ok("PUT", f"/schema/{SCHEMA}", {"schema": {"propertyDefinitions": {
            "Note": {"type": "text"}, "Near": {"type": "relation", "targetSchemas": [PLACE]}}}})
        cls.place = cls.dana.ok("POST", "/subjects", {"schema": PLACE, "label": f"Harbour {TAG}", "statements": {}})["subjectId"]
        cls.ids = sorted(cls.dana.ok("POST", "/subjects", {"schema": SCHEMA, "label": f"{name} {TAG}", "statements": {
            "Note": {"propertyType": "text", "value": [f"note of {name}"]},
            "Near": {"propertyType": "relation", "value": [{"target": cls.place}]}}})["subjectId"] for name in ("Ada", "Grace"))

    def script(self, wiki, name, *args):
        """(stdout, stderr) of one of the extension's maintenance scripts in `wiki`."""
        done = subprocess.run(["php", "-d", "ffi.enable=1", str(wiki.extension / "maintenance" / f"{name}.php"), *args],
                              env=wiki.env(), capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        return done.stdout, done.stderr

    def listed(self, caller):
        return [(row["id"], row["label"]) for row in caller.ok("GET", f"/subjects?schema={SCHEMA}&sort=name&limit=50")["subjects"]]

    def subjects(self, caller):
        return {i: caller.ok("GET", f"/subject/{i}")["subjects"][i] for i in [*self.ids, self.place]}

    def graph(self, caller):
        cypher = f"MATCH (s:`{SCHEMA}`)-[:Near]->(p) RETURN s._id AS id, s._name AS name, p._id AS near ORDER BY id"
        return caller.ok("POST", "/query/cypher", {"cypher": cypher})["rows"]

    def test_dump_rdf_writes_one_named_graph_per_page_as_trig(self):
        trig, progress = self.script(self.wiki, "dumpRdf")
        graphs = parse_trig(trig)
        self.assertRegex(progress, r"\d+ of \d+ pages\n")
        triples = [t for g in graphs.values() for t in g]
        iris = {t[0] for t in triples}
        for subject_id in [*self.ids, self.place]:
            with self.subTest(subject=subject_id):
                holding = [g for g, ts in graphs.items() if any(t[0].endswith("/" + subject_id) for t in ts)]
                self.assertEqual(len(holding), 1, f"{subject_id} is in one page's graph")
                self.assertTrue(any(i.endswith("/" + subject_id) for i in iris))
        labels = {t[2] for t in triples if t[1] == "http://www.w3.org/2000/01/rdf-schema#label"}
        self.assertTrue({f"Ada {TAG}", f"Grace {TAG}", f"Harbour {TAG}"} <= labels, labels)
        # Each page's graph holds that page's Subjects only: the two Subject pages are two graphs.
        ada_graph = next(g for g, ts in graphs.items() if any(t[2] == f"Ada {TAG}" for t in ts))
        self.assertNotIn(f"Grace {TAG}", {t[2] for t in graphs[ada_graph]})

    def test_dump_rdf_refuses_an_unknown_projection_before_writing(self):
        done = subprocess.run(["php", "-d", "ffi.enable=1", str(self.wiki.extension / "maintenance/dumpRdf.php"),
                               "--projection=nothing"], env=self.wiki.env(), capture_output=True, text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertEqual(done.stdout, "")
        self.assertIn('unknown projection "nothing" (known: native', done.stderr + done.stdout)

    def test_export_and_import_into_an_empty_wiki_gives_the_same_lists_subjects_and_store(self):
        dump = self.wiki.dir / f"export-{TAG}.xml"
        dump.write_text(self.wiki.maintenance("dumpBackup", "--full", "--quiet"))
        target = MediaWiki(own=True).start()
        try:
            target.maintenance("importDump", str(dump))
            reader = Caller(target, "Dana", "sysop")
            self.assertEqual(self.listed(reader), self.listed(self.dana))
            self.assertEqual(len(self.listed(reader)), 2)
            self.assertEqual(self.subjects(reader), self.subjects(self.dana))
            self.assertEqual(self.graph(reader), self.graph(self.dana))
            self.assertEqual(len(self.graph(reader)), 2)
            # The dump is the whole wiki: other test modules' Subjects come along with this one's.
            counts = self.dana.ok("GET", "/subject-counts")["counts"]
            self.assertEqual((counts[SCHEMA], counts[PLACE]), (2, 1))
            self.assertEqual(reader.ok("GET", "/subject-counts")["counts"], counts)

            target.maintenance("sql", "--query", "DELETE FROM strata_subject")
            # Behind MediaWiki's back: the table is empty, while a list kept before stays until an
            # index write renews the generation (docs/mediawiki.md, "Kept lists"), as the rebuild does.
            self.assertRegex(target.maintenance("sql", "--query", "SELECT COUNT(*) AS n FROM strata_subject"), r"\[n\] => 0\b")
            out, _ = self.script(target, "rebuildIndex")
            self.assertRegex(out, r"\d+ pages indexed")
            self.assertEqual(self.listed(reader), self.listed(self.dana))
            self.assertEqual(self.subjects(reader), self.subjects(self.dana))
            # The rows removed behind the count table's back are counted again by the rebuild.
            self.assertEqual(reader.ok("GET", "/subject-counts")["counts"], counts)
        finally:
            target.stop()
            dump.unlink(missing_ok=True)


if __name__ == "__main__":
    unittest.main()
