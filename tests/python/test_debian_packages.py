"""The check of scripts/packages/debian.sh fails, naming the Debian package, when a command or PHP
extension that scripts/packages/debian.txt declares is missing: each declared command of the `build`
stage is hidden in turn from PATH (a farm of links to everything else on it), and PHP runs without
its extensions."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts/packages/debian.sh"
LIST = ROOT / "scripts/packages/debian.txt"


def declared(stage):
    """(package, command) for every command the declaration lists for the stage."""
    rows = []
    for line in LIST.read_text().splitlines():
        words = line.split()
        if len(words) >= 3 and not words[0].startswith("#") and words[0] == stage:
            rows += [(words[1], word) for word in words[2:] if ":" not in word and not word.startswith("/")]
    return rows


def check(stage, path):
    return subprocess.run(["/bin/bash", str(SCRIPT), "check", stage], env={**os.environ, "PATH": path},
                          capture_output=True, text=True)


class DebianPackageCheck(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.farm = Path(tempfile.mkdtemp(prefix="strata-path-"))
        for folder in os.environ["PATH"].split(os.pathsep):
            if not os.path.isdir(folder):
                continue
            for name in os.listdir(folder):
                target = Path(folder, name)
                if not (cls.farm / name).exists() and os.access(target, os.X_OK) and target.is_file():
                    (cls.farm / name).symlink_to(target)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.farm)

    def test_the_build_stage_passes_on_this_machine_after_setup(self):
        done = check("build", str(self.farm))
        self.assertEqual(done.returncode, 0, done.stderr)

    def test_a_missing_command_fails_the_check_and_names_its_package(self):
        rows = declared("build")
        self.assertIn(("build-essential", "cc"), rows)
        for package, command in rows:
            with self.subTest(command=command):
                hidden = self.farm / command
                kept = hidden.with_name(command + ".hidden")
                hidden.rename(kept)
                try:
                    done = check("build", str(self.farm))
                finally:
                    kept.rename(hidden)
                self.assertNotEqual(done.returncode, 0)
                named = "a prerequisite" if package == "-" else f"from the Debian package {package} "
                self.assertIn(f"stage build: missing {command}, {named}", done.stderr)

    @unittest.skipUnless(shutil.which("php"), "PHP is set up by the php stage")
    def test_a_missing_php_extension_fails_the_check_and_names_its_package(self):
        with tempfile.TemporaryDirectory() as folder:
            bare = Path(folder, "php")
            bare.write_text(f"#!/bin/sh\nexec {shutil.which('php')} -n \"$@\"\n")
            bare.chmod(0o755)
            done = check("php", f"{folder}{os.pathsep}{self.farm}")
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("stage php: missing php:mbstring, from the Debian package php8.2-mbstring ", done.stderr)
        self.assertIn("stage php: missing php:ffi, from the Debian package php8.2-cli ", done.stderr)


if __name__ == "__main__":
    unittest.main()
