#!/usr/bin/env bash
# Starts, stops and reports a project-local Oxigraph SPARQL server.
#
#   scripts/stores/oxigraph.sh start|stop|status|env
#
# The server binds 127.0.0.1 only and keeps its data in var/oxigraph. Port: STRATA_OXIGRAPH_PORT
# (default 7878). It runs with --union-default-graph: Strata writes every quad to a page's named graph
# and nothing to the default graph, so without the flag a query without GRAPH would see no data at
# all (docs/stores.md). `env` prints the export line (STRATA_OXIGRAPH_URL) that start-all.sh evaluates.
# Every action is idempotent.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${STRATA_OXIGRAPH_PORT:-7878}"
venv="$root/.venv"
data_dir="$root/var/oxigraph"
pid_file="$root/var/oxigraph-$port.pid"
log_file="$root/var/oxigraph-$port.log"
url="http://127.0.0.1:$port"

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
  if [[ ! -x "$venv/bin/oxigraph" ]]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check oxigraph
  fi
}

start() {
  if pid="$(running_pid)"; then
    echo "Oxigraph already running (pid $pid) at $url"
    return 0
  fi
  if answers; then
    echo "port $port is taken by another server; set STRATA_OXIGRAPH_PORT" >&2
    return 1
  fi
  ensure_venv
  mkdir -p "$data_dir"
  "$venv/bin/oxigraph" serve --location "$data_dir" --bind "127.0.0.1:$port" --union-default-graph \
    >"$log_file" 2>&1 &
  echo $! >"$pid_file"
  for _ in $(seq 1 100); do
    if answers; then
      echo "Oxigraph running (pid $(cat "$pid_file")) at $url"
      return 0
    fi
    if ! running_pid >/dev/null; then break; fi
    sleep 0.1
  done
  echo "Oxigraph did not answer; log: $log_file" >&2
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
    echo "Oxigraph stopped (pid $pid)"
  else
    echo "Oxigraph not running"
  fi
  rm -f "$pid_file"
}

status() {
  if pid="$(running_pid)" && answers; then
    echo "Oxigraph running (pid $pid) at $url"
  else
    echo "Oxigraph not running"
    return 3
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export STRATA_OXIGRAPH_URL=$url" ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
