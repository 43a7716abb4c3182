#!/usr/bin/env bash
# Starts, stops and reports a project-local Oxigraph SPARQL server.
#
#   scripts/stores/oxigraph.sh start|stop|status|env
#
# The server binds 127.0.0.1 only and keeps its data in var/oxigraph-PORT/, so two checkouts or test
# wikis on different ports never share a store's data. Port: STRATA_OXIGRAPH_PORT (default 7878). It
# runs with --union-default-graph: Strata writes every quad to a page's named graph and nothing to
# the default graph, so without the flag a query without GRAPH would see no data at all
# (docs/stores.md). `env` prints the export line (STRATA_OXIGRAPH_URL) that start-all.sh evaluates.
# Every action is idempotent.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
store_declare oxigraph 7878 http

launch() {
  mkdir -p "$var_dir/oxigraph-$port"
  exec "$venv/bin/oxigraph" serve --location "$var_dir/oxigraph-$port" --bind "127.0.0.1:$port" --union-default-graph
}

# True when something answers a SPARQL ASK on the port; needs no curl.
answers() {
  python3 - "$url" <<'PY'
import sys, urllib.request
req = urllib.request.Request(sys.argv[1] + "/query", data=b"ASK {}", method="POST",
    headers={"Content-Type": "application/sparql-query", "Accept": "application/sparql-results+json"})
try:
    with urllib.request.urlopen(req, timeout=2) as r:
        sys.exit(0 if r.status == 200 else 1)
except Exception:
    sys.exit(1)
PY
}

store_main "$@"
