"""A Strata wiki for Python tests: `strata serve` started with a temporary configuration and data
folder, accounts made with the admin command line, and the server stopped by its process id; and
`BotPasswordTest`, a test case on such a wiki whose client logs in with a bot password."""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import unittest
from pathlib import Path

import mwclient

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "host-shim" / "bin" / "strata.js"
REST = "/rest.php/strata/v0"


class StrataServer:
    def __init__(self, **config):
        self.dir = Path(tempfile.mkdtemp(prefix="strata-py-"))
        self.config_file = self.dir / "strata.config.json"
        self.config_file.write_text(json.dumps({"listen": "127.0.0.1:0", "dataDir": "data", **config}))
        self.process = None
        self.url = None

    def cli(self, *args):
        """Runs the admin command line; returns its stdout."""
        done = subprocess.run(["node", str(CLI), *args, "--config", str(self.config_file)],
                              capture_output=True, text=True, check=True)
        return done.stdout

    def bot_password(self, user, password, bot, grants):
        """Creates `user` and a bot password with `grants`; returns (login name, bot password)."""
        self.cli("user", "create", user, "--password", password)
        login_name, bot_password = self.cli("botpassword", "create", user, bot, "--grants", ",".join(grants)).split()
        return login_name, bot_password

    def start(self, timeout=30):
        self.process = subprocess.Popen(["node", str(CLI), "serve", "--config", str(self.config_file)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        found = threading.Event()

        def read_log():
            for line in self.process.stderr:
                match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
                if match and not found.is_set():
                    self.url = match.group(1)
                    found.set()

        threading.Thread(target=read_log, daemon=True).start()
        if not found.wait(timeout):
            self.stop()
            raise RuntimeError("strata serve did not start listening")
        return self

    @property
    def host_port(self):
        return self.url.removeprefix("http://")

    def stop(self):
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
            self.process.stderr.close()
            self.process = None

    def remove(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class BotPasswordTest(unittest.TestCase):
    """A test case on a wiki of its own, started once for the class, with one user and a bot password
    of `grants`; `login()` is a mwclient Site logged in with it through api.php."""

    user, bot, grants = "Editor", "client", ["read", "edit", "createpage"]

    @classmethod
    def setUpClass(cls):
        cls.server = StrataServer()
        cls.login_name, cls.password = cls.server.bot_password(cls.user, f"{cls.user} password", cls.bot, cls.grants)
        cls.server.start()

    @classmethod
    def tearDownClass(cls):
        cls.server.remove()

    @classmethod
    def login(cls):
        site = mwclient.Site(cls.server.host_port, path="/", scheme="http")
        site.login(cls.login_name, cls.password)
        return site
