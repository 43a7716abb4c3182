"""Writes of Subject slots that do not go through the core's `savePages` commit only against the
Schema revisions they were indexed with: MediaWiki's own edits of a page with a Subject slot
(mediawiki/src/Host/SlotEditSchemas.php: a core REST edit, a rollback) and each batch of
importPages.php. The test-only seam `$wgStrataTestHoldSavesFile` (Host/HeldSaves.php) holds the write
after it read the Schemas, before it checks them in its transaction, while the test saves a Schema.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_schema_race.py -v`
(sets up its own wiki; STRATA_MEDIAWIKI_DB=mariadb for the rollback case)."""

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import unittest
import uuid
from pathlib import Path

import mwclient

from mediawiki_wiki import Caller, MediaWiki

TAG = uuid.uuid4().hex[:6]


class SchemaRace(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="strata-schema-race-"))
        cls.folder.chmod(0o777)  # the web server's user creates the `.held` file here
        cls.hold = cls.folder / "hold"
        cls.wiki = MediaWiki(own=True).start().with_settings(f"\n$wgStrataTestHoldSavesFile = '{cls.hold}';\n")
        cls.ann = Caller(cls.wiki, "Ann", "sysop")
        cls.ray = Caller(cls.wiki, "Ray", "sysop")

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def held(self):
        """Returns once a write waits in the seam (its `.held` file exists), within 30 s."""
        for _ in range(1500):
            if Path(f"{self.hold}.held").exists():
                return
            time.sleep(0.02)
        self.fail("no write was held")

    def race(self, write, meanwhile):
        """Runs `write` in a thread while the seam holds it, runs `meanwhile` (or nothing) and answers
        what `write` answered."""
        self.hold.touch()
        answer = {}
        thread = threading.Thread(target=lambda: answer.update(value=write()))
        thread.start()
        try:
            self.held()
            if meanwhile:
                meanwhile()
        finally:
            self.hold.unlink(missing_ok=True)
            thread.join()
        return answer["value"]

    def schema_saved(self, name, schema):
        """Saving the Schema `name`, for `race`."""
        return lambda: self.ann.ok("PUT", f"/schema/{name}", {"schema": schema})

    def crate(self, schema, case):
        """A new Subject of `schema` on a page of its own: (Subject ID, page title, latest revision)."""
        subject_id = self.ann.ok("POST", "/subjects", {"schema": schema, "label": "first", "statements": {},
                                                       "pageTitle": f"Crate {TAG} {case}"})["subjectId"]
        read = self.ann.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]
        return subject_id, read["pageTitle"], read["pageId"]

    def latest(self, title):
        return self.ann.site.pages[title].revision

    def test_a_core_rest_edit_of_a_page_with_subjects_conflicts_when_a_schema_was_saved_meanwhile(self):
        schema = f"Edited{TAG}"
        self.ann.ok("PUT", f"/schema/{schema}", {"schema": {"propertyDefinitions": {}}})
        cases = [
            ("unchanged", None, 200),
            ("saved meanwhile", self.schema_saved(schema, {"propertyDefinitions": {"Size": {"type": "number"}}}), 409),
        ]
        for case, between, status in cases:
            _, title, _ = self.crate(schema, case.replace(" ", "-"))
            before = self.latest(title)

            def edit():
                return self.ann.site.connection.put(
                    f"{self.wiki.url}/rest.php/v1/page/{title.replace(' ', '_')}",
                    json={"source": "text", "comment": "core edit", "latest": {"id": before}, "token": self.ann.csrf})
            answer = self.race(edit, between)
            self.assertEqual(answer.status_code, status, f"{case}: {answer.text}")
            self.assertEqual(self.latest(title) != before, status == 200, f"{case}: written")

    @unittest.skipUnless(os.environ.get("STRATA_MEDIAWIKI_DB") == "mariadb",
                         "on SQLite the rollback's request holds the database's write lock before it reads the "
                         "Schemas, so a Schema save waits for it instead of coming between")
    def test_a_rollback_conflicts_when_a_schema_was_saved_meanwhile(self):
        schema = f"Rolled{TAG}"
        self.ann.ok("PUT", f"/schema/{schema}", {"schema": {"propertyDefinitions": {}}})
        cases = [
            ("unchanged", None, None, "first"),
            ("saved meanwhile", self.schema_saved(schema, {"propertyDefinitions": {"Size": {"type": "number"}}}), "editconflict", "second"),
        ]
        for case, between, error, label in cases:
            subject_id, title, _ = self.crate(schema, f"rolled-{case.replace(' ', '-')}")
            self.ray.ok("PUT", f"/subject/{subject_id}", {"label": "second", "statements": {}})

            def rollback():
                try:
                    self.ann.site.api("rollback", title=title, user="Ray", token=self.ann.site.get_token("rollback"))
                    return None
                except mwclient.errors.APIError as e:
                    return e.code
            self.assertEqual(self.race(rollback, between), error, case)
            self.assertEqual(self.ann.ok("GET", f"/subject/{subject_id}")["subjects"][subject_id]["label"], label, case)

    def import_pages(self, *pages):
        """A run of importPages.php with `pages` (answers the finished process), as an operator runs it."""
        file = self.folder / f"pages-{uuid.uuid4().hex[:6]}.ndjson"
        file.write_text("".join(json.dumps(page) + "\n" for page in pages))
        file.chmod(0o644)
        env = {"MW_CONFIG_FILE": str(self.wiki.dir / "LocalSettings.php"), "MW_INSTALL_PATH": str(self.wiki.code), "PATH": "/usr/bin:/bin"}
        as_server = ["/usr/sbin/runuser", "-u", "www-data", "--"] if os.geteuid() == 0 else []
        return subprocess.run([*as_server, "php", "-d", "ffi.enable=1", str(self.wiki.extension / "maintenance/importPages.php"), str(file)],
                              env=env, capture_output=True, text=True, timeout=120)

    def holder_page(self, case, address):
        """A page whose main Subject (of a Holder Schema of its own, saved here) relates to a Subject of
        `address`: (page, Address Subject ID, holder Subject ID)."""
        holder = f"Holder{TAG}{case}"
        self.ann.ok("PUT", f"/schema/{holder}", {"schema": {"propertyDefinitions": {
            "Home": {"type": "relation", "targetSchemas": [address]}}}})
        home, host = f"s1{TAG}race{case}01", f"s1{TAG}race{case}02"
        page = {"title": f"Imported {TAG} {case}", "content": {"mainSubject": host, "subjects": {
            host: {"schema": holder, "label": "holder", "statements": {"Home": {"propertyType": "relation", "value": [{"target": home}]}}},
            home: {"schema": address, "statements": {}},
        }}}
        return page, home, host

    def test_an_import_batch_is_prepared_again_when_a_schema_was_saved_or_created_meanwhile(self):
        # The batch is prepared while Address is not dependent, or absent; meanwhile it becomes a
        # dependent Schema (deleted and saved again: a Schema's dependence cannot change otherwise):
        # prepared again, the Address Subject's index row names its host.
        dependent = {"subjectsAreDependent": True, "propertyDefinitions": {}}
        cases = [(0, True), (1, False)]  # (case, whether Address exists when the batch is prepared)
        for case, exists in cases:
            address = f"Address{TAG}{case}"
            if exists:
                self.ann.ok("PUT", f"/schema/{address}", {"schema": {"propertyDefinitions": {}}})
            page, home, host = self.holder_page(case, address)

            def made_dependent():
                if exists:
                    self.ann.site.pages[f"Schema:{address}"].delete(reason="made dependent")
                self.schema_saved(address, dependent)()
            done = self.race(lambda: self.import_pages(page), made_dependent)
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
            self.assertIn("a Schema changed while importing: the batch is prepared again", done.stdout, case)
            listed = self.ann.ok("GET", f"/subjects?schema={address}")["subjects"]
            self.assertEqual([(s["id"], (s.get("hostSubject") or {}).get("id")) for s in listed], [(home, host)], case)

    def test_a_core_rest_edit_fails_when_a_schema_its_subjects_name_was_created_meanwhile(self):
        # A page imported while its Address Schema did not exist. The edit's first check knows only
        # the Schemas that exist; the second, in its transaction, finds the Schema the slot names
        # created since and fails the edit whole.
        address = f"Ghost{TAG}"
        page, _, _ = self.holder_page(2, address)
        done = self.import_pages(page)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        title = page["title"]
        before = self.latest(title)

        def edit():
            return self.ann.site.connection.put(
                f"{self.wiki.url}/rest.php/v1/page/{title.replace(' ', '_')}",
                json={"source": "text", "comment": "core edit", "latest": {"id": before}, "token": self.ann.csrf})
        answer = self.race(edit, self.schema_saved(address, {"subjectsAreDependent": True, "propertyDefinitions": {}}))
        self.assertEqual(answer.status_code, 500, answer.text)
        self.assertIn(f'the Schema \\"{address}\\" was saved while the edit', answer.text)
        self.assertEqual(self.latest(title), before, "nothing written")


if __name__ == "__main__":
    unittest.main()
