"""RDF read back by an independent parser (n3, not Strata), for the tests that check what Strata
writes as TriG or Turtle (Turtle is TriG with only the default graph, named `""` here)."""

import json
import subprocess

from mediawiki_wiki import ROOT

TRIG_SUMMARY = """
import { Parser } from 'n3';
let text = '';
process.stdin.on('data', (chunk) => { text += chunk; });
process.stdin.on('end', () => {
  const quads = new Parser({ format: 'application/trig' }).parse(text);
  const graphs = {};
  for (const q of quads) (graphs[q.graph.value] ??= []).push([q.subject.value, q.predicate.value, q.object.value]);
  process.stdout.write(JSON.stringify(graphs));
});
"""


def parse_trig(text):
    """Named graph IRI to its triples, as n3 (not Strata) reads the TriG."""
    out = subprocess.run(["node", "--input-type=module", "-e", TRIG_SUMMARY], input=text, cwd=ROOT / "host-shim",
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)
