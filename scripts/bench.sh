#!/usr/bin/env bash
# Prints Strata's performance figures. Each benchmark prints its own lines; nothing is asserted.
# Usage: scripts/bench.sh [WIKI_DIR]   (default: examples/wiki)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh php mediawiki bench >/dev/null
wiki=${1:-examples/wiki}
# Everything printed is also kept, so the issue's table can be read back from it at the end.
mkdir -p bench-out
exec > >(tee bench-out/bench.log) 2>&1
./scripts/build.sh

echo "== validation (issue: core crate) =="
cargo bench -q --bench validate -- "$wiki" 2000 2>/dev/null | grep '^validate'
node scripts/bench/validate-wasm.mjs "$wiki" 2000
echo "== validation beside ajv (issue: performance) =="
node scripts/bench/validate-vs-ajv.mjs "$wiki" 200 7
echo "== validation through PHP (issue: PHP bridge) =="
php scripts/bench/validate-php.php "$wiki" 2000 20

echo "== RDF dump (issue: RDF) =="
cargo bench -q --bench rdf_dump -- 100000 2>/dev/null | grep 'triples'

echo "== rebuild (issue: graph and SPARQL stores) =="
# shellcheck source=stores/start-all.sh
source scripts/stores/start-all.sh
node scripts/bench/rebuild.mjs "${STRATA_BENCH_REBUILD_SUBJECTS:-100000}"
echo "== query memory (issue: bounded queries) =="
node scripts/bench/query-memory.mjs 10 3
echo "== lists (issue: lists and search at scale) =="
# 1,000,000 Subjects take about two minutes to import; LISTS_SIZES picks fewer.
node scripts/bench/lists.mjs ${LISTS_SIZES:-10000 100000 1000000}

echo "== HTTP (issue: reference host and REST API) =="
node scripts/bench/http.mjs 2000 10
echo "== the reference host beside MediaWiki (issue: MediaWiki) =="
node scripts/bench/hosts.mjs 300 5 3
echo "== Strata beside MediaWiki's own requests (issue: MediaWiki speed) =="
node scripts/bench/mediawiki-peers.mjs 300 5 3
echo "== RDF dump at scale (issue: RDF) =="
node scripts/bench/dump-rdf.mjs 100000 1000000

node scripts/bench/summary.mjs bench-out/bench.log
