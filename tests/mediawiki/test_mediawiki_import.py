"""The example wiki (examples/wiki) imported into MediaWiki by `scripts/mediawiki.sh start` (through
mediawiki/maintenance/importFolder.php and the core's page action `edit`): every page is there and
readable through the REST API, and importing again changes nothing.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (sets up its own wiki for this)."""

import json
import os
import shutil
import subprocess
import unittest

from mediawiki_wiki import ROOT, Caller, MediaWiki

EXAMPLES = ROOT / "examples" / "wiki"


def titles(folder):
    return sorted(path.stem.replace("_", " ") for path in (EXAMPLES / folder).glob("*.json"))


class ExampleImport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.wiki = MediaWiki(examples=True).start()
        cls.reader = Caller(cls.wiki, "Reader")

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()

    def test_every_example_page_is_imported(self):
        log = (self.wiki.dir / "logs" / "import.log").read_text()
        pages = sum(len(titles(folder)) for folder in ("Schema", "Layout", "Mapping", "Subject"))
        self.assertIn(f"{pages} created, 0 updated, 0 unchanged, 0 failed", log)
        schemas = self.reader.request("GET", "/schemas?limit=100").json()["schemas"]
        self.assertEqual([s["name"] for s in schemas], titles("Schema"))
        layouts = self.reader.request("GET", "/layouts?limit=100").json()["layouts"]
        self.assertEqual(len(layouts), len(titles("Layout")))

    def test_each_subject_page_reads_back_as_imported(self):
        for path in sorted((EXAMPLES / "Subject").glob("*.json")):
            slot = json.loads(path.read_text())
            for subject_id, imported in slot["subjects"].items():
                with self.subTest(page=path.stem, subject=subject_id):
                    read = self.reader.request("GET", f"/subject/{subject_id}?expand=page")
                    self.assertEqual(read.status_code, 200, read.text)
                    subject = read.json()["subjects"][subject_id]
                    self.assertEqual(subject["pageTitle"], path.stem.replace("_", " "))
                    self.assertEqual(subject["schema"], imported["schema"])

    def test_the_mappings_give_the_data_tab_its_projections(self):
        html = self.reader.site.connection.get(f"{self.wiki.url}/index.php?title=Harbour_Branch_Library&action=subjects").text
        self.assertIn('<tr class="subject" id="s1lib1aaaaaaa02">', html)
        self.assertIn('<option value="schemaorg">schemaorg</option>', html)

    def test_importing_again_changes_nothing(self):
        env = {"MW_CONFIG_FILE": str(self.wiki.dir / "LocalSettings.php"), "PATH": "/usr/bin:/bin"}
        # As the web server's user, so that no database file ends up owned by another; that user reads
        # the wiki's copy of the code and a copy of the pages, never the checkout (it may be private).
        as_server = ["/usr/sbin/runuser", "-u", "www-data", "--"] if os.geteuid() == 0 else []
        pages = self.wiki.dir / "examples-again"
        shutil.copytree(EXAMPLES, pages, dirs_exist_ok=True)
        script = self.wiki.extension / "maintenance/importFolder.php"
        again = subprocess.run([*as_server, "php", "-d", "ffi.enable=1", str(script), "--user", "Admin", str(pages)],
                               env=env, capture_output=True, text=True, timeout=600)
        self.assertEqual(again.returncode, 0, again.stdout + again.stderr)
        self.assertRegex(again.stdout, r"\n0 created, 0 updated, \d+ unchanged, 0 failed\n$")


if __name__ == "__main__":
    unittest.main()
