"""Strata's MediaWiki tables come from one declaration, `mediawiki/sql/tables.json` (MediaWiki's
abstract schema format), rendered for MariaDB/MySQL and SQLite by `Schema\\TableSql` when update.php
runs (`Hooks\\SchemaUpdatesHook`). These cases pin the rendering of each column kind in both dialects;
every MediaWiki stage installs the tables through it on its database.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (needs only PHP)."""

import json
import subprocess
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RENDER = """
require $argv[1];
use MediaWiki\\Extension\\Strata\\Schema\\TableSql;
$out = [];
foreach ( [ 'mysql', 'sqlite' ] as $type ) {
    foreach ( TableSql::declared() as $name => $table ) {
        $out[$type][$name] = TableSql::create( $table, $type );
    }
}
try { TableSql::create( TableSql::declared()['strata_subject'], 'postgres' ); } catch ( RuntimeException $e ) { $out['postgres'] = $e->getMessage(); }
echo json_encode( $out );
"""


def rendered():
    done = subprocess.run(["php", "-r", RENDER, str(ROOT / "mediawiki/src/Schema/TableSql.php")],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


class TableSql(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sql = rendered()

    def test_every_declared_table_is_rendered_for_both_databases(self):
        names = ["strata_subject", "strata_relation", "strata_revision_subject", "strata_subject_count", "strata_store_state",
                 "strata_rebuild_run", "strata_projection_pending"]
        self.assertEqual(list(self.sql["mysql"]), names)
        self.assertEqual(list(self.sql["sqlite"]), names)
        self.assertEqual(self.sql["postgres"], "Strata has no tables for database type postgres")

    def test_each_column_kind_in_each_dialect(self):
        run = {"mysql": self.sql["mysql"]["strata_rebuild_run"], "sqlite": self.sql["sqlite"]["strata_rebuild_run"]}
        body = lambda sql: sql.split("\n", 1)[1]  # after the comment line
        self.assertEqual(body(run["mysql"]), """CREATE TABLE /*_*/strata_rebuild_run (
  srr_id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT,
  srr_store VARBINARY(255) NOT NULL,
  srr_state VARBINARY(32) NOT NULL,
  srr_requested_by VARBINARY(255) NOT NULL,
  srr_queued BINARY(14) NOT NULL,
  srr_started BINARY(14) NULL,
  srr_finished BINARY(14) NULL,
  srr_total INT UNSIGNED NULL,
  srr_processed INT UNSIGNED NOT NULL DEFAULT 0,
  srr_failed INT UNSIGNED NOT NULL DEFAULT 0,
  srr_error BLOB NULL,
  srr_progressed BINARY(14) NULL,
  srr_missed TINYINT NOT NULL DEFAULT 0
) /*$wgDBTableOptions*/;
CREATE INDEX srr_store_state ON /*_*/strata_rebuild_run (srr_store, srr_state);
""")
        self.assertEqual(body(run["sqlite"]), """CREATE TABLE /*_*/strata_rebuild_run (
  srr_id INTEGER PRIMARY KEY AUTOINCREMENT,
  srr_store BLOB NOT NULL,
  srr_state BLOB NOT NULL,
  srr_requested_by BLOB NOT NULL,
  srr_queued BLOB NOT NULL,
  srr_started BLOB NULL,
  srr_finished BLOB NULL,
  srr_total INTEGER NULL,
  srr_processed INTEGER NOT NULL DEFAULT 0,
  srr_failed INTEGER NOT NULL DEFAULT 0,
  srr_error BLOB NULL,
  srr_progressed BLOB NULL,
  srr_missed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX srr_store_state ON /*_*/strata_rebuild_run (srr_store, srr_state);
""")
        self.assertIn("  ss_subject_id VARBINARY(255) NOT NULL PRIMARY KEY,\n", self.sql["mysql"]["strata_subject"])
        self.assertIn("  ss_subject_id BLOB NOT NULL PRIMARY KEY,\n", self.sql["sqlite"]["strata_subject"])
        self.assertIn("  ss_is_main TINYINT NOT NULL,\n", self.sql["mysql"]["strata_subject"])
        self.assertIn("  ss_is_main INTEGER NOT NULL,\n", self.sql["sqlite"]["strata_subject"])
        for dialect in ("mysql", "sqlite"):
            self.assertIn("  PRIMARY KEY (spp_store, spp_page_id)\n)", self.sql[dialect]["strata_projection_pending"])
            self.assertTrue(self.sql[dialect]["strata_subject"].startswith("-- Strata's index rows, "))


if __name__ == "__main__":
    unittest.main()
