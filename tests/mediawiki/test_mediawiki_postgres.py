"""A MediaWiki on PostgreSQL (Debian's `postgresql`, its own server with its data and socket in a
temporary folder, no TCP port) with Strata loaded: `update.php` says that Strata has no tables for
PostgreSQL and finishes the wiki's own update (exit 0) instead of aborting it (docs/mediawiki.md,
"The extension", index tables). The extension folder is the one `scripts/dist.sh layout` makes.

Port: STRATA_MEDIAWIKI_PORT + 8 (the socket's number; nothing listens on TCP). Run alone:
`cd tests/mediawiki && ../../.venv/bin/python -m unittest test_mediawiki_postgres -v`."""

import glob
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from mediawiki_wiki import MW_CODE, ROOT

POSTGRES_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


@unittest.skipUnless(POSTGRES_BIN and os.geteuid() == 0, "needs Debian's postgresql and root (to run it as user postgres)")
class PostgresUpdate(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = Path(tempfile.mkdtemp(prefix="strata-pg-"))
        cls.bin = Path(POSTGRES_BIN[-1])
        port = str(int(os.environ.get("STRATA_MEDIAWIKI_PORT", "8950")) + 8)
        socket = cls.root / "sock"
        socket.mkdir()
        shutil.chown(cls.root, "postgres")
        shutil.chown(socket, "postgres")
        cls.postgres(["initdb", "-D", str(cls.root / "data"), "--auth=trust", "-U", "postgres"])
        cls.postgres(["pg_ctl", "-D", str(cls.root / "data"), "-o", f"-k {socket} -c listen_addresses='' -p {port}",
                      "-l", str(cls.root / "postgres.log"), "-w", "start"])
        try:
            subprocess.run(["php", "maintenance/install.php", "--dbtype=postgres", f"--dbserver={socket}", f"--dbport={port}",
                            "--dbname=wiki", "--dbuser=wiki", "--dbpass=wiki-password", "--installdbuser=postgres",
                            "--installdbpass=", "--server=http://127.0.0.1", "--scriptpath=", "--lang=en",
                            f"--pass={os.urandom(12).hex()}", f"--confpath={cls.root}", "PostgreSQL wiki", "Admin"],
                           cwd=MW_CODE, check=True, capture_output=True, text=True)
            extension = cls.root / "extensions/Strata"
            subprocess.run([str(ROOT / "scripts/dist.sh"), "layout", str(extension)], check=True, capture_output=True)
            with open(cls.root / "LocalSettings.php", "a") as settings:
                settings.write(f"\nwfLoadExtension( 'Strata', '{extension}/extension.json' );\n")
            cls.update = subprocess.run(["php", "maintenance/update.php", "--quick", f"--conf={cls.root / 'LocalSettings.php'}"],
                                        cwd=MW_CODE, capture_output=True, text=True,
                                        env={"PATH": "/usr/bin:/bin", "MW_CONFIG_FILE": str(cls.root / "LocalSettings.php")})
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def postgres(cls, command):
        subprocess.run(["/usr/sbin/runuser", "-u", "postgres", "--", str(cls.bin / command[0]), *command[1:]],
                       check=True, capture_output=True)

    @classmethod
    def tearDownClass(cls):
        if (cls.root / "data/postmaster.pid").exists():
            cls.postgres(["pg_ctl", "-D", str(cls.root / "data"), "-m", "fast", "-w", "stop"])
        shutil.rmtree(cls.root, ignore_errors=True)

    def test_update_php_skips_stratas_tables_and_finishes_the_wikis_update(self):
        self.assertEqual(self.update.returncode, 0, self.update.stdout + self.update.stderr)
        self.assertIn("Strata: no tables for the postgres database (Strata supports mysql and sqlite)", self.update.stdout)
        self.assertRegex(self.update.stdout, r"Done in [\d.]+ s\.")
        self.assertNotIn("strata_subject", self.update.stdout)


if __name__ == "__main__":
    unittest.main()
