"""Schemathesis, with every check, against the reference host serving the example wiki: requests
generated from the OpenAPI document the server publishes (valid and invalid by it) must be answered as
the document says. A fixed seed and number of examples keep the run repeatable and within about a
minute; `schemathesis.toml` beside this file records the exceptions (docs/decisions.md)."""

import os
import subprocess
import sys
import unittest
from pathlib import Path

import requests

from strata_server import ROOT, StrataServer

HERE = Path(__file__).resolve().parent
EXAMPLES_PER_OPERATION = "10"
SEED = "20261123"


class SchemathesisRun(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = StrataServer(
            groupRights={"sysop": ["apihighlimits", "noratelimit", "delete", "editinterface", "strata-admin", "strata-mapping-edit"]},
            stores={"sparql": {"type": "oxigraph-embedded"}},
        )
        cls.server.cli("import", str(ROOT / "examples" / "wiki"))
        cls.server.cli("user", "create", "Admin", "--password", "admin password")
        cls.server.cli("user", "add-group", "Admin", "sysop")
        cls.server.start()

    @classmethod
    def tearDownClass(cls):
        cls.server.remove()

    def session_headers(self):
        """The cookie and CSRF token of a logged-in administrator, as a browser session has them."""
        session = requests.Session()
        api = self.server.url + "/api.php"
        login_token = session.get(api, params={"action": "query", "meta": "tokens", "type": "login", "format": "json"}).json()
        login = session.post(api, data={"action": "login", "lgname": "Admin", "lgpassword": "admin password",
                                        "lgtoken": login_token["query"]["tokens"]["logintoken"], "format": "json"}).json()
        self.assertEqual(login["login"]["result"], "Success")
        csrf = session.get(api, params={"action": "query", "meta": "tokens", "format": "json"}).json()["query"]["tokens"]["csrftoken"]
        cookie = "; ".join(f"{name}={value}" for name, value in session.cookies.items())
        return ["-H", f"Cookie: {cookie}", "-H", f"X-CSRF-TOKEN: {csrf}"]

    def test_every_check_passes(self):
        command = [
            str(Path(sys.executable).with_name("schemathesis")), "--config-file", str(HERE / "schemathesis.toml"),
            "run", self.server.url + "/rest.php/specs/v0/module/-", "--url", self.server.url + "/rest.php",
            *self.session_headers(), "--checks", "all", "--max-examples", EXAMPLES_PER_OPERATION, "--seed", SEED,
            "--workers", "1", "--generation-database", "none", "--no-color",
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=280, cwd=self.server.dir,
                              env={**os.environ, "SCHEMATHESIS_HOOKS": ""})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
