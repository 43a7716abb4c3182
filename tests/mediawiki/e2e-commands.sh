#!/usr/bin/env bash
# The commands host-shim/test-support/target.js runs for a test wiki of scripts/mediawiki.sh
# (scripts/test-mediawiki.sh passes them as STRATA_E2E_SETTINGS and STRATA_E2E_STORE):
#
#   tests/mediawiki/e2e-commands.sh settings DIR
#       Makes the PHP statements read on stdin the wiki's test settings, replacing earlier ones; empty
#       input removes them. They live in DIR/e2e-settings/, one new file per call (so that PHP's
#       opcache never serves an old file under a name it knows), which LocalSettings.php includes
#       last; the line that does so is appended once.
#   tests/mediawiki/e2e-commands.sh store DIR stop|start graph|sparql
#   tests/mediawiki/e2e-commands.sh store DIR forget graph
#       Stops or starts the wiki's FalkorDB (graph) or Oxigraph server (sparql) with the project's
#       store scripts, on the port recorded for DIR; `forget` removes the stopped FalkorDB's data
#       (its append-only file), so that it starts as a server without persistence would.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

settings() {
  local dir=$1 folder=$1/e2e-settings
  grep -q "e2e-settings/\*.php" "$dir/LocalSettings.php" ||
    printf '\n# ---- end-to-end test settings (tests/mediawiki/e2e-commands.sh) ----\nforeach ( glob( __DIR__ . %s ) as $strataE2eSettings ) { require $strataE2eSettings; }\n' \
      "'/e2e-settings/*.php'" >>"$dir/LocalSettings.php"
  mkdir -p "$folder"
  rm -f "$folder"/*.php
  local php
  php=$(cat)
  [[ -z "$php" ]] && return 0
  local file
  file="$folder/$(date +%s%N).php"
  printf '<?php\n%s\n' "$php" >"$file.tmp"
  chmod 644 "$file.tmp"
  mv "$file.tmp" "$file"
}

store() {
  local dir=$1 action=$2 store=$3
  [[ "$action" == stop || "$action" == start || "$action" == forget ]] || usage
  source "$dir/wiki.env"
  if [[ "$action" == forget ]]; then
    [[ "$store" == graph ]] || usage
    rm -rf "$dir/stores/falkordb-$falkordb_port"
    return
  fi
  case "$store" in
    graph) STRATA_STORES_DIR="$dir/stores" STRATA_FALKORDB_PORT="$falkordb_port" "$repo/scripts/stores/falkordb.sh" "$action" ;;
    sparql) STRATA_STORES_DIR="$dir/stores" STRATA_OXIGRAPH_PORT="$oxigraph_port" "$repo/scripts/stores/oxigraph.sh" "$action" ;;
    *) usage ;;
  esac
}

case "${1:-}" in
  settings) [[ $# -eq 2 ]] || usage; settings "$2" ;;
  store) [[ $# -eq 4 ]] || usage; store "$2" "$3" "$4" ;;
  *) usage ;;
esac
