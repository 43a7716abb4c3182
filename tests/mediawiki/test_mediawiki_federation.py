"""Federation between MediaWiki and a reference wiki (docs/federation.md), each registering the other:
MediaWiki reads and validates against the reference wiki's Subjects and Schemas through its
`fetchSource` (the PHP bridge's SourceFetcher), the reference wiki reads MediaWiki's Subjects, and a
stopped reference wiki leaves MediaWiki's saves alone.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wikis)."""

import json
import sys
import time
import unittest
import urllib.request
from pathlib import Path

from mediawiki_wiki import REST, Caller, MediaWiki

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from strata_server import ROOT, StrataServer  # noqa: E402

PIETER = "alpha:s1per1aaaaaaa05"
MAP = "alpha:s1map1aaaaaaa03"
MISSING = "alpha:s1nosuchaaaaaa1"
EMPLOYEE = {"propertyDefinitions": {"Knows": {"type": "relation", "targetSchemas": [{"source": "alpha", "name": "Person"}], "multiple": True}}}


def knows(*targets):
    return {"Knows": {"propertyType": "relation", "value": [{"target": t} for t in targets]}}


def codes(body):
    return [(v["code"], v["args"][0]) for v in body["violations"]]


def get(url):
    """(status, parsed body) of an anonymous GET."""
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class MediaWikiFederation(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.alpha = StrataServer(sourceKey="alpha", rdfBaseUri="https://alpha.example")
        cls.alpha.cli("import", str(ROOT / "examples" / "wiki"))
        cls.alpha.start()
        cls.wiki = MediaWiki(own=True).start()  # its settings change below
        with open(cls.wiki.dir / "LocalSettings.php", "a") as settings:
            settings.write(f"""
$wgStrataSourceKey = 'mw';
$wgStrataSources['alpha'] = [ 'baseUrl' => '{cls.alpha.url}/rest.php', 'rdfBaseUri' => 'https://alpha.example', 'timeoutMs' => 30000 ];
""")
        # The reference wiki learns MediaWiki's address: restarted on the port it had.
        cls.alpha.stop()
        config = json.loads(cls.alpha.config_file.read_text())
        config.update(listen=cls.alpha.host_port, sources={"mw": {"baseUrl": f"{cls.wiki.url}/rest.php"}})
        cls.alpha.config_file.write_text(json.dumps(config))
        cls.alpha.start()
        cls.sam = Caller(cls.wiki, "Sam", "sysop")
        cls.until_settings_apply()

    @classmethod
    def until_settings_apply(cls, deadline_s=60):
        """PHP's opcache may serve the LocalSettings.php of before the append for a moment (it
        revalidates files every few seconds): wait until a read through the new source answers."""
        ends = time.monotonic() + deadline_s
        while cls.rest(cls, "GET", f"/subject/{PIETER}").status_code != 200 and time.monotonic() < ends:
            time.sleep(0.5)

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()
        cls.alpha.remove()

    def rest(self, method, path, body=None):
        return self.sam.request(method, path, body)

    def test_1_mediawiki_and_the_reference_wiki_read_and_check_each_other(self):
        read = self.rest("GET", f"/subject/{PIETER}")
        self.assertEqual(read.status_code, 200, read.text)
        self.assertEqual(read.json()["subjects"][PIETER]["displayName"], "Pieter Claesz Staal")
        self.assertEqual(self.rest("GET", f"/subject/{MISSING}").status_code, 404)

        self.assertEqual(self.rest("PUT", "/schema/Employee", {"schema": EMPLOYEE}).status_code, 201)
        checked = self.rest("POST", "/subject/validate", {"schema": "Employee", "label": "E", "statements": knows(PIETER, MAP, MISSING)})
        self.assertEqual(checked.status_code, 200, checked.text)
        self.assertEqual(codes(checked.json()), [("relation-target-schema-mismatch", "alpha:Map"), ("relation-target-not-found", MISSING)])

        created = self.rest("POST", "/subjects", {"schema": "Employee", "label": "Bob", "statements": knows(PIETER)})
        self.assertEqual(created.status_code, 201, created.text)
        self.assertEqual(created.json()["violations"], [])
        bob = created.json()["subject"]["id"]
        status, body = get(f"{self.alpha.url}{REST}/subject/mw:{bob}")
        self.assertEqual(status, 200, body)
        self.assertEqual(body["subjects"][f"mw:{bob}"]["schema"], {"source": "mw", "name": "Employee"})
        self.assertEqual(body["subjects"][f"mw:{bob}"]["statements"]["Knows"]["value"][0]["target"], "s1per1aaaaaaa05",
                         "seen from alpha, the target is alpha's own Subject")

    def test_2_a_stopped_reference_wiki_never_fails_a_save_on_mediawiki(self):
        self.alpha.stop()
        self.rest("PUT", "/schema/Employee", {"schema": EMPLOYEE})
        created = self.rest("POST", "/subjects", {"schema": "Employee", "label": "Carol", "statements": knows(PIETER)})
        self.assertEqual(created.status_code, 201, created.text)
        self.assertEqual(codes(created.json()), [("relation-target-unavailable", PIETER)])
        read = self.rest("GET", f"/subject/{PIETER}")
        self.assertEqual((read.status_code, read.json()["errorType"]), (502, "source-unavailable"), read.text)


if __name__ == "__main__":
    unittest.main()
