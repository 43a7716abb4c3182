#!/usr/bin/env bash
# The `mediawiki-cluster` stage of scripts/test.sh: starts a Strata MediaWiki on several servers
# (`scripts/mediawiki.sh start-cluster`: two app servers, a MariaDB replica, memcached, a FalkorDB
# replica, docs/scale-out.md), runs tests/mediawiki/test_mediawiki_cluster.py against it, and stops
# everything it started, also when a test fails or the run is interrupted.
#
#   scripts/test-mediawiki-cluster.sh
#
# Ports: STRATA_MEDIAWIKI_PORT (default 8950) and the seven after it.
set -uo pipefail
cd "$(dirname "$0")/.."
port=${STRATA_MEDIAWIKI_PORT:-8950}
dir=$(mktemp -d -t strata-mw-cluster-XXXXXX)
cleanup() {
  scripts/mediawiki.sh stop-cluster "$dir" >/dev/null 2>&1
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

started=$(date +%s)
scripts/mediawiki.sh start-cluster "$dir" "$port" || { tail -n 30 "$dir"/logs/*.log 2>/dev/null; exit 1; }
echo "# MediaWiki cluster set up and started in $(($(date +%s) - started)) s"
STRATA_MEDIAWIKI_CLUSTER_DIR=$dir STRATA_MEDIAWIKI_CLUSTER_PORT=$port \
  .venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_cluster.py -v
status=$?
echo "# MediaWiki cluster stage: $(($(date +%s) - started)) s"
exit $status
