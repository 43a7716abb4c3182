# The stores of one test wiki (FalkorDB and an Oxigraph server), run by the project's store scripts
# with their PID files, logs and data under DIR/stores; none for a wiki set up with --no-stores.
# Sourced by scripts/mediawiki.sh, which sets `dir`, `stores`, `falkordb_port` and `oxigraph_port`.

stores_each() {
  local action=$1
  [[ "$stores" == yes ]] || return 0
  STRATA_STORES_DIR="$dir/stores" STRATA_FALKORDB_PORT="$falkordb_port" "$repo/scripts/stores/falkordb.sh" "$action" >&2
  STRATA_STORES_DIR="$dir/stores" STRATA_OXIGRAPH_PORT="$oxigraph_port" "$repo/scripts/stores/oxigraph.sh" "$action" >&2
}

stores_start() { stores_each start; }
stores_stop() { stores_each stop || true; }
