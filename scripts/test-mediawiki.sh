#!/usr/bin/env bash
# The MediaWiki stage of scripts/test.sh: sets up one test wiki with scripts/mediawiki.sh (which
# installs what is missing), runs the MediaWiki tests (tests/mediawiki) and the host-agnostic
# end-to-end tests of host-shim/test against it, and stops everything it started, also when a test
# fails or the run is interrupted.
#
#   scripts/test-mediawiki.sh [sqlite|mariadb]
#
# Port: STRATA_MEDIAWIKI_PORT (default 8950); the wiki's FalkorDB and Oxigraph take the next two; the
# import test sets up a second wiki (with the example wiki) on the three ports after those. Then a
# wiki under the script path /w (no stores) on the port after those six runs the reader's tests again:
# every link and redirect must follow the wiki's URL layout (docs/mediawiki.md, "Pages for readers").
set -uo pipefail
cd "$(dirname "$0")/.."
db=${1:-sqlite}
port=${STRATA_MEDIAWIKI_PORT:-8950}
dir=$(mktemp -d -t strata-mw-XXXXXX)
w_dir=$(mktemp -d -t strata-mw-w-XXXXXX)
w_port=$((port + 6))
# The wiki's own stores, never the test stores scripts/test.sh started on STRATA_*_PORT.
export STRATA_FALKORDB_PORT=$((port + 1)) STRATA_OXIGRAPH_PORT=$((port + 2))
cleanup() {
  scripts/mediawiki.sh stop "$dir" >/dev/null 2>&1
  scripts/mediawiki.sh stop "$w_dir" >/dev/null 2>&1
  rm -rf "$dir" "$w_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

started=$(date +%s)
scripts/mediawiki.sh start --empty "$dir" "$port" "$db" || { tail -n 30 "$dir"/logs/*.log 2>/dev/null; exit 1; }
echo "# MediaWiki ($db) set up and started in $(($(date +%s) - started)) s"

STRATA_MEDIAWIKI_DIR=$dir STRATA_MEDIAWIKI_PORT=$port STRATA_MEDIAWIKI_DB=$db .venv/bin/python -m unittest discover -s tests/mediawiki -v
status=$?

# The host-agnostic end-to-end tests of the reference host and the MediaWiki browser tests, against
# this wiki (test-support/target.js), one file at a time: they share the wiki, and some change its settings for their duration.
repo=$PWD
e2e=()
for name in endpoints bad-input permissions login-required dependent-rules query-probes service-probes store-states concurrency durability schema-race; do e2e+=("test/e2e-$name.test.js"); done
e2e+=(test/browser-mediawiki-reader.test.js)
e2e+=(test/browser-mediawiki-editor.test.js)
(cd host-shim && STRATA_E2E_URL="http://127.0.0.1:$port" STRATA_E2E_HOST="MediaWiki ($db)" STRATA_E2E_KIND=mediawiki \
  STRATA_E2E_BOTPASSWORD="$repo/scripts/mediawiki.sh botpassword $dir" \
  STRATA_E2E_USER="$repo/scripts/mediawiki.sh user $dir" \
  STRATA_E2E_SETTINGS="$repo/tests/mediawiki/e2e-commands.sh settings $dir" \
  STRATA_E2E_STORE="$repo/tests/mediawiki/e2e-commands.sh store $dir" \
  STRATA_E2E_FALKORDB_URL="redis://127.0.0.1:$STRATA_FALKORDB_PORT" STRATA_E2E_OXIGRAPH_URL="http://127.0.0.1:$STRATA_OXIGRAPH_PORT" \
  STRATA_E2E_CRASH="'$repo/scripts/mediawiki.sh' kill '$dir' && '$repo/scripts/mediawiki.sh' start '$dir' $port" \
  node --test --test-concurrency=1 "${e2e[@]}") || status=1
# The benchmark beside MediaWiki's own requests at its smallest size, against this wiki: it still runs
# and still prints its figure lines (the figures themselves are make bench's).
if STRATA_BENCH_MEDIAWIKI_URL="http://127.0.0.1:$port" STRATA_BENCH_MEDIAWIKI_NAME="MediaWiki ($db)" \
  STRATA_BENCH_MEDIAWIKI_BOTPASSWORD="$repo/scripts/mediawiki.sh botpassword $dir" \
  node scripts/bench/mediawiki-peers.mjs 3 1 1 | grep "^mediawiki-peers MediaWiki ($db): PUT /subject/{id} c=8 .* rate " >/dev/null; then
  echo "ok - scripts/bench/mediawiki-peers.mjs runs against MediaWiki ($db)"
else
  echo "not ok - scripts/bench/mediawiki-peers.mjs runs against MediaWiki ($db)"; status=1
fi

# The reader's pages and the editor under /w: MediaWiki's own URL layout for a script path (/w/index.php/Title).
if scripts/mediawiki.sh start --empty --no-stores --script-path /w "$w_dir" "$w_port" "$db"; then
  STRATA_MEDIAWIKI_DIR=$w_dir STRATA_MEDIAWIKI_PORT=$w_port STRATA_MEDIAWIKI_SCRIPT_PATH=/w STRATA_MEDIAWIKI_DB=$db \
    .venv/bin/python -m unittest discover -s tests/mediawiki -p 'test_mediawiki_page_view.py' -v || status=1
  (cd host-shim && STRATA_E2E_URL="http://127.0.0.1:$w_port/w" STRATA_E2E_HOST="MediaWiki ($db) under /w" STRATA_E2E_KIND=mediawiki \
    STRATA_E2E_BOTPASSWORD="$repo/scripts/mediawiki.sh botpassword $w_dir" STRATA_E2E_USER="$repo/scripts/mediawiki.sh user $w_dir" \
    node --test --test-concurrency=1 test/browser-mediawiki-reader.test.js test/browser-mediawiki-editor.test.js) || status=1
else
  tail -n 30 "$w_dir"/logs/*.log 2>/dev/null
  status=1
fi
echo "# MediaWiki ($db) stage: $(($(date +%s) - started)) s"
exit $status
