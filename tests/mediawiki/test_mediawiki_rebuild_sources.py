"""A rebuild gives the stores the saves built also when relations name Subjects of registered sources
(docs/federation.md): a source that states its `rdfBaseUri` has its Subjects named by their own IRIs,
one that states none under this wiki's base, in the saves' projection and in the rebuild's alike (the
core's `RebuildRun` takes the sources from the settings). The reference host's twin:
host-shim/test/stores-rebuild-sources.test.js.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import unittest

from mediawiki_wiki import Caller, MediaWiki
from store_contents import rebuild_both, stores

ALPHA = "alpha:s1per1aaaaaaa05"
BETA = "beta:s1per1aaaaaaa06"


def twins(*targets):
    return {"Twin": {"propertyType": "relation", "value": [{"target": t} for t in targets]}}


class MediaWikiRebuildSources(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Nothing answers on port 9 of the loopback: the sources are registered, never reached.
        cls.wiki = MediaWiki(own=True).start().with_settings("""
$wgStrataSources['alpha'] = [ 'baseUrl' => 'http://127.0.0.1:9/rest.php', 'rdfBaseUri' => 'https://alpha.example', 'timeoutMs' => 2000 ];
$wgStrataSources['beta'] = [ 'baseUrl' => 'http://127.0.0.1:9/rest.php', 'timeoutMs' => 2000 ];
""")
        cls.eve = Caller(cls.wiki, "Eve", "sysop")

    @classmethod
    def tearDownClass(cls):
        cls.wiki.stop()

    def test_a_rebuild_names_the_subjects_of_registered_sources_as_the_saves_did(self):
        self.eve.ok("PUT", "/schema/Town", {"schema": {"propertyDefinitions": {
            "Twin": {"type": "relation", "multiple": True, "targetSchemas": [
                "Town", {"source": "alpha", "name": "Town"}, {"source": "beta", "name": "Town"}]}}}})
        rebuild_both(self, self.wiki)
        first = self.eve.ok("POST", "/subjects", {"schema": "Town", "label": "Ash", "statements": twins(ALPHA, BETA)})["subjectId"]
        self.eve.ok("POST", "/subjects", {"schema": "Town", "label": "Birch", "statements": twins(first, ALPHA)})
        saved = stores(self.eve)
        objects = [json.loads(q)["o"]["value"] for q in saved[1]]
        self.assertIn("https://alpha.example/entity/s1per1aaaaaaa05", objects)
        self.assertTrue(any(o.endswith(f"/entity/{BETA}") for o in objects), objects)
        self.assertTrue(any(ALPHA in row for row in saved[0]))
        rebuild_both(self, self.wiki)
        self.assertEqual(stores(self.eve), saved)


if __name__ == "__main__":
    unittest.main()
