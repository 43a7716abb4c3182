"""A MediaWiki with Strata for Python tests. With STRATA_MEDIAWIKI_DIR set (scripts/test-mediawiki.sh
does), the wiki already running from that folder is used and left running; otherwise
`scripts/mediawiki.sh start` sets one up on a temporary folder and `stop` ends it. Bot passwords come
from `scripts/mediawiki.sh botpassword`. The port comes from STRATA_MEDIAWIKI_PORT (default 8950; the
wiki's stores take the next two; a wiki with the example wiki takes the three after those) and the database from STRATA_MEDIAWIKI_DB (sqlite or mariadb). `shared()` is one wiki for every test
module of a run, stopped when the run ends (unless it was given)."""

import atexit
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import mwclient

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "mediawiki.sh"
REST = "/rest.php/strata/v0"
MW_CODE = "/usr/share/mediawiki"


class MediaWiki:
    def __init__(self, own=False, examples=False):
        """`own`: a wiki of its own (for tests that change its settings), three ports above the shared
        one; `examples`: such a wiki with the example wiki imported."""
        own = own or examples
        self.port = int(os.environ.get("STRATA_MEDIAWIKI_PORT", "8950")) + (3 if own else 0)
        self.db = os.environ.get("STRATA_MEDIAWIKI_DB", "sqlite")
        self.examples = examples
        given = None if own else os.environ.get("STRATA_MEDIAWIKI_DIR")
        self.owned = not given
        self.dir = Path(given) if given else Path(tempfile.mkdtemp(prefix="strata-mw-"))
        # The wiki's script path (`start --script-path`): empty at the server's root.
        self.script_path = "" if own else os.environ.get("STRATA_MEDIAWIKI_SCRIPT_PATH", "")
        self.url = f"http://127.0.0.1:{self.port}{self.script_path}"
        self.host_port = f"127.0.0.1:{self.port}"

    def start(self):
        if self.owned:
            # The wiki's own stores, never test stores another stage started on STRATA_*_PORT.
            env = {**os.environ, "STRATA_FALKORDB_PORT": str(self.port + 1), "STRATA_OXIGRAPH_PORT": str(self.port + 2)}
            empty = [] if self.examples else ["--empty"]
            subprocess.run([str(SCRIPT), "start", *empty, str(self.dir), str(self.port), self.db], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return self

    def with_settings(self, php):
        """Appends `php` to the LocalSettings.php of a wiki of its own and restarts it, so that no
        cached copy of the file from before the append serves a request."""
        assert self.owned, "only a wiki of its own may change its settings"
        with open(self.dir / "LocalSettings.php", "a") as settings:
            settings.write(php)
        subprocess.run([str(SCRIPT), "stop", str(self.dir)], check=True, stdout=subprocess.DEVNULL)
        return self.start()

    def bot_password(self, user, *groups):
        """(login name, password) of a new bot password of `user`, made a member of `groups`."""
        out = subprocess.run([str(SCRIPT), "botpassword", str(self.dir), user, *groups], check=True,
                             capture_output=True, text=True).stdout.split()
        return out[0], out[1]

    root = ROOT

    @property
    def code(self):
        """The wiki's link farm of MediaWiki (scripts/mediawiki/code.sh), its $IP."""
        return self.dir / "w"

    @property
    def extension(self):
        """The Strata extension folder the wiki runs, as an operator installs it."""
        return self.code / "extensions" / "Strata"

    def env(self):
        """The environment of this wiki's maintenance scripts."""
        return dict(os.environ, MW_CONFIG_FILE=str(self.dir / "LocalSettings.php"), MW_INSTALL_PATH=str(self.code))

    def maintenance(self, script, *args):
        """Runs one of MediaWiki's maintenance scripts in this wiki; answers its output."""
        return subprocess.run(["php", "-d", "ffi.enable=1", f"maintenance/{script}.php", *args], cwd=MW_CODE,
                              env=self.env(), check=True, capture_output=True, text=True).stdout

    def recorded(self, key):
        """A value `start` recorded in DIR/wiki.env (db, port, falkordb_port, oxigraph_port)."""
        lines = (self.dir / "wiki.env").read_text().splitlines()
        return dict(line.split("=", 1) for line in lines if "=" in line)[key]

    def rebuild(self, store):
        """The run record of a rebuild of `store` by mediawiki/maintenance/rebuildStores.php."""
        out = self.maintenance("runScript", str(ROOT / "mediawiki/maintenance/rebuildStores.php"), "--store", store)
        return json.loads(out.strip().splitlines()[-1])

    def run_script(self, script, *args):
        """The JSON a maintenance script of this repository prints, run in this wiki by MediaWiki's runScript.php."""
        return json.loads(self.maintenance("runScript", str(ROOT / script), *args).strip().splitlines()[-1])

    def stop(self):
        if self.owned:
            subprocess.run([str(SCRIPT), "stop", str(self.dir)], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            shutil.rmtree(self.dir, ignore_errors=True)


class Caller:
    """A user of the wiki logged in through api.php with a new bot password (mwclient), with its
    session's CSRF token for the REST routes."""

    def __init__(self, wiki, user, *groups):
        name, password = wiki.bot_password(user, *groups)
        self.site = mwclient.Site(wiki.host_port, path=f"{wiki.script_path}/", scheme="http")
        self.site.login(name, password)
        self.csrf = self.site.get_token("csrf")
        self.url = wiki.url + REST

    def request(self, method, path, body=None, csrf=True):
        """The raw answer of a REST route. MediaWiki's REST router wants a Content-Type on every POST,
        so a POST without a body sends {}."""
        body = {} if body is None and method == "POST" else body
        headers = {"x-csrf-token": self.csrf} if csrf else {}
        return self.site.connection.request(method, self.url + path, json=body, headers=headers)

    def call(self, method, path, body=None):
        """(status, JSON body) of a REST route."""
        answer = self.request(method, path, body)
        return answer.status_code, answer.json()

    def ok(self, method, path, body=None):
        """The JSON body of a REST route that must succeed (a status below 300)."""
        status, answer = self.call(method, path, body)
        if status >= 300:
            raise AssertionError(f"{method} {path}: {status} {answer}")
        return answer


_shared = None


def shared():
    """The wiki of this test run, started on first use and stopped when the run ends."""
    global _shared
    if _shared is None:
        _shared = MediaWiki().start()
        atexit.register(_shared.stop)
    return _shared


class WikiTest(unittest.TestCase):
    """A test case on the shared wiki. `callers` maps user names to their groups; each is logged in
    once for the class, as the attribute of its lower-cased name."""

    callers = {}

    @classmethod
    def setUpClass(cls):
        cls.wiki = shared()
        for user, groups in cls.callers.items():
            setattr(cls, user.lower(), Caller(cls.wiki, user, *groups))
