"""A MediaWiki with Strata for Python tests. With STRATA_MEDIAWIKI_DIR set (scripts/test-mediawiki.sh
does), the wiki already running from that folder is used and left running; otherwise
`scripts/mediawiki.sh start` sets one up on a temporary folder and `stop` ends it. Bot passwords come
from `scripts/mediawiki.sh botpassword`. The port comes from STRATA_MEDIAWIKI_PORT (default 8950; the
wiki's stores take the next two; a wiki with the example wiki takes the three after those) and the database from STRATA_MEDIAWIKI_DB (sqlite or mariadb)."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import mwclient

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "mediawiki.sh"
REST = "/rest.php/strata/v0"


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
        self.url = f"http://127.0.0.1:{self.port}"
        self.host_port = f"127.0.0.1:{self.port}"

    def start(self):
        if self.owned:
            # The wiki's own stores, never test stores another stage started on STRATA_*_PORT.
            env = {**os.environ, "STRATA_FALKORDB_PORT": str(self.port + 1), "STRATA_OXIGRAPH_PORT": str(self.port + 2)}
            empty = [] if self.examples else ["--empty"]
            subprocess.run([str(SCRIPT), "start", *empty, str(self.dir), str(self.port), self.db], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return self

    def bot_password(self, user, *groups):
        """(login name, password) of a new bot password of `user`, made a member of `groups`."""
        out = subprocess.run([str(SCRIPT), "botpassword", str(self.dir), user, *groups], check=True,
                             capture_output=True, text=True).stdout.split()
        return out[0], out[1]

    def client(self, user, *groups):
        """A mwclient Site logged in with a new bot password of `user` (in `groups`), holding its CSRF token."""
        site = mwclient.Site(self.host_port, path="/", scheme="http")
        site.login(*self.bot_password(user, *groups))
        site.csrf = site.get_token("csrf")
        return site

    def rest(self, site, method, path, body=None, csrf=True):
        """A REST request under /rest.php/strata/v0 in `site`'s session, with its CSRF token unless `csrf` is false."""
        headers = {"x-csrf-token": site.csrf} if csrf else {}
        return site.connection.request(method, self.url + REST + path, json=body, headers=headers)

    def stop(self):
        if self.owned:
            subprocess.run([str(SCRIPT), "stop", str(self.dir)], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            shutil.rmtree(self.dir, ignore_errors=True)
