"""The bulk import of generated Subject pages (mediawiki/maintenance/importPages.php, the pages of
scripts/bench/generated-wiki.mjs) at a small size: every page is a real page with its Subject slot and
its index rows, counted, listed as recently edited, and a title that exists already saves nothing of
its batch; update.php fills a count table that is new and adds an index a table lacks. On MariaDB,
also the Subject search budget (`$wgStrataSearchTimeoutMs`): a search the database cannot answer in
time is answered 503 `searchTimeout`, and the statement is stopped, not left holding the connection.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_bulk_import.py -v`
(sets up its own wiki; STRATA_MEDIAWIKI_DB=mariadb for the search budget)."""

import hashlib
import os
import subprocess
import time
import unittest

from mediawiki_wiki import ROOT, Caller, MediaWiki

SUBJECTS = 200
BUDGET_MS = 300


class BulkImport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.wiki = MediaWiki(own=True).start()
        with open(cls.wiki.dir / "LocalSettings.php", "a") as settings:
            settings.write(f"\n$wgStrataSearchTimeoutMs = {BUDGET_MS};\n")
        # Written where the web server's user reads them (the checkout may be private).
        cls.generated = cls.wiki.dir / "generated"
        cls.pages = cls.wiki.dir / "pages.ndjson"
        with open(cls.pages, "w") as out:
            subprocess.run(["node", str(ROOT / "scripts/bench/generated-wiki.mjs"), str(cls.generated), str(SUBJECTS)],
                           stdout=out, check=True)
        subprocess.run(["chmod", "-R", "a+rX", str(cls.generated), str(cls.pages)], check=True)
        folder = cls.run_script("importFolder.php", "--user", "Admin", str(cls.generated))
        assert folder.returncode == 0, folder.stdout + folder.stderr
        cls.first = cls.run_script("importPages.php", str(cls.pages))
        cls.reader = Caller(cls.wiki, "Reader")

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()

    @classmethod
    def run_script(cls, name, *args, folder=None):
        """A maintenance script (the extension's, or of `folder`) run as the web server's user, as an
        operator runs it."""
        env = {"MW_CONFIG_FILE": str(cls.wiki.dir / "LocalSettings.php"), "MW_INSTALL_PATH": str(cls.wiki.code), "PATH": "/usr/bin:/bin"}
        as_server = ["/usr/sbin/runuser", "-u", "www-data", "--"] if os.geteuid() == 0 else []
        script = (folder or cls.wiki.extension / "maintenance") / name
        return subprocess.run([*as_server, "php", "-d", "ffi.enable=1", str(script), *args],
                              env=env, capture_output=True, text=True, timeout=600)

    def sql(self, statement):
        done = self.run_script("sql.php", "--query", statement, folder=self.wiki.code / "maintenance")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)

    def all_subjects(self):
        rows, cursor = [], None
        while True:
            page = self.reader.request("GET", "/subjects?limit=50" + (f"&cursor={cursor}" if cursor else "")).json()
            rows += page["subjects"]
            cursor = page["nextCursor"]
            if not cursor:
                return rows

    def counts(self):
        return self.reader.request("GET", "/subject-counts").json()["counts"]

    def test_every_generated_subject_is_imported_on_a_real_page(self):
        self.assertEqual(self.first.returncode, 0, self.first.stdout + self.first.stderr)
        self.assertIn(f"imported {SUBJECTS // 10} pages, {SUBJECTS} Subjects in", self.first.stdout)
        self.assertEqual(self.counts(), {"Organization": 50, "Person": 50, "Place": 50, "Project": 50})
        # The first generated Subject, read through the core: its page, its Schema, its relations.
        first = self.reader.request("GET", "/subject/s0gen0000000000?expand=page")
        self.assertEqual(first.status_code, 200, first.text)
        subject = first.json()["subjects"]["s0gen0000000000"]
        self.assertEqual(subject["schema"], "Person")
        # A MediaWiki page with one revision holding the Subject slot, as importDump.php would write it.
        title = subject["pageTitle"]
        query = self.reader.site.api("query", prop="revisions|info", titles=title, rvprop="ids|comment|contentmodel|content|size|slotsize|slotsha1",
                                     rvslots="*", formatversion=2)
        page = query["query"]["pages"][0]
        self.assertEqual(len(page["revisions"]), 1)
        revision = page["revisions"][0]
        self.assertEqual(sorted(revision["slots"]), ["main", "strata-subjects"])
        self.assertEqual(revision["comment"], "Bulk import")
        # The rows written in batches hold what MediaWiki would: each slot's size and SHA-1 of its
        # text, the page's latest revision, length and model.
        for role, slot in revision["slots"].items():
            text = slot["content"].encode()
            self.assertEqual((slot["size"], slot["sha1"]), (len(text), hashlib.sha1(text).hexdigest()), role)
        self.assertEqual(revision["size"], sum(slot["size"] for slot in revision["slots"].values()))
        self.assertEqual((page["lastrevid"], page["length"], page["contentmodel"], page["new"]),
                         (revision["revid"], revision["slots"]["main"]["size"], "wikitext", True))
        listed = self.reader.request("GET", "/subjects?sort=name&limit=5").json()
        self.assertEqual(len(listed["subjects"]), 5)

    def test_recently_edited_lists_the_newest_revisions_subjects_by_id(self):
        # Every page is a revision of 10 Subjects, and the newest page has the highest page ID: 15
        # Subjects are the newest page's 10 and 5 of the page before, read in two chunks of 16 rows.
        expected = sorted(self.all_subjects(), key=lambda s: (-s["pageId"], s["id"]))[:15]
        recent = self.reader.request("GET", "/recently-edited-subjects?limit=15").json()["subjects"]
        self.assertEqual([s["id"] for s in recent], [s["id"] for s in expected])

    def test_update_php_counts_a_new_count_table_and_adds_a_missing_index(self):
        drop = "DROP INDEX ss_schema_name" + (" ON strata_subject" if self.wiki.db == "mariadb" else "")
        self.sql("DELETE FROM strata_subject_count")
        self.sql(drop)
        self.assertEqual(self.counts(), {})
        update = self.run_script("update.php", "--quick", folder=self.wiki.code / "maintenance")
        self.assertEqual(update.returncode, 0, update.stdout + update.stderr)
        self.assertIn("Creating index ss_schema_name on strata_subject...done.", update.stdout)
        self.assertIn("Counting Subjects per Schema into strata_subject_count...done.", update.stdout)
        self.assertEqual(self.counts(), {"Organization": 50, "Person": 50, "Place": 50, "Project": 50})
        again = self.run_script("update.php", "--quick", folder=self.wiki.code / "maintenance")
        self.assertNotIn("Creating index", again.stdout)
        self.assertNotIn("Counting Subjects", again.stdout)

    def test_a_title_that_exists_stops_the_import_and_its_batch_is_not_saved(self):
        again = self.run_script("importPages.php", str(self.pages))
        self.assertEqual(again.returncode, 1, again.stdout + again.stderr)
        self.assertIn("exists already; the batch of", again.stdout + again.stderr)
        self.assertEqual(sum(self.counts().values()), SUBJECTS)

    @unittest.skipUnless(os.environ.get("STRATA_MEDIAWIKI_DB") == "mariadb",
                         "MediaWiki on SQLite has no statement time limit (docs/lists.md)")
    def test_a_search_over_the_budget_answers_search_timeout_and_frees_the_connection(self):
        socket = self.wiki.dir / "run" / "mysqld.sock"
        sql = ["mariadb", "--no-defaults", f"--socket={socket}", "--user=root", "wiki"]

        def stopped():
            """How many statements MariaDB has stopped at their max_statement_time."""
            done = subprocess.run([*sql, "-N", "-e", "SHOW GLOBAL STATUS LIKE 'Max_statement_time_exceeded'"],
                                  capture_output=True, text=True, check=True)
            return int(done.stdout.split()[1])

        before = stopped()
        # Another session holds the index table: the search cannot read it, however fast the disk.
        holder = subprocess.Popen([*sql, "--unbuffered"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            holder.stdin.write("LOCK TABLES strata_subject WRITE; SELECT 'locked';\n")
            holder.stdin.flush()
            self.assertIn("locked", holder.stdout.readline() + holder.stdout.readline())
            # A time limit of the test's own, so a search that waits for the lock fails here, not hangs.
            answer = self.reader.site.connection.get(self.reader.url + "/subjects?search=Berger&sort=name", timeout=60)
            self.assertEqual(answer.status_code, 503, answer.text)
            self.assertEqual(answer.json()["errorType"], "searchTimeout")
            # While the lock is still held: no statement of the wiki's account is left waiting on it.
            waiting = subprocess.run([*sql, "-N", "-e", "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                                      "WHERE USER = 'wiki' AND COMMAND = 'Query'"], capture_output=True, text=True, check=True)
            self.assertEqual(waiting.stdout.strip(), "0")
            # Stopped by the database, each statement at its own time limit: the first walk of the order
            # at its 30 ms (SubjectListing::FIRST_WALK_MS), the reading of the matches at the rest of the budget.
            self.assertEqual(stopped(), before + 2)
        finally:
            holder.stdin.write("UNLOCK TABLES;\n")
            holder.stdin.close()
            holder.wait(timeout=60)
            holder.stdout.close()
        found = self.reader.request("GET", "/subjects?search=Berger&sort=name")
        self.assertEqual(found.status_code, 200, found.text)
        # The stopped statement was rolled back to its savepoint: the request's transaction went on
        # clean, and MediaWiki flagged no later query of the request with the ignored error.
        log = self.wiki.dir / "logs" / "exception.log"
        self.assertNotIn("max_statement_time exceeded", log.read_text() if log.exists() else "")


if __name__ == "__main__":
    unittest.main()
