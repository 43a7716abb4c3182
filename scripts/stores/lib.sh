# The lifecycle shared by every project-local store server, sourced by each store script. A store
# script calls `store_declare NAME DEFAULT_PORT SCHEME`, defines
#   launch    run the server in the foreground, bound to 127.0.0.1:$port
#   answers   succeed when the server answers on its port
# and ends with `store_main "$@"`. The servers come from .venv, which scripts/packages/pypi.sh fills
# from scripts/requirements.txt. The port is STRATA_<NAME>_PORT (else DEFAULT_PORT), the address
# SCHEME://127.0.0.1:PORT, and `env` prints it as STRATA_<NAME>_URL. The PID is recorded under var/
# (or STRATA_STORES_DIR, where a MediaWiki test wiki keeps its own stores) and only that PID is ever
# stopped.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.venv"
var_dir="${STRATA_STORES_DIR:-$root/var}"

store_declare() {
  name=$1
  local port_var="STRATA_${name^^}_PORT"
  port="${!port_var:-$2}"
  url="$3://127.0.0.1:$port"
  env_var="STRATA_${name^^}_URL"
  pid_file="$var_dir/$name-$port.pid"
  log_file="$var_dir/$name-$port.log"
}


running_pid() {
  [[ -f "$pid_file" ]] || return 1
  local pid
  pid="$(cat "$pid_file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

start() {
  if pid="$(running_pid)"; then
    echo "$name already running (pid $pid) at $url"
    return 0
  fi
  if answers; then
    echo "port $port is taken by another server; set STRATA_${name^^}_PORT" >&2
    return 1
  fi
  "$root/scripts/packages/pypi.sh"
  mkdir -p "$var_dir"
  launch >"$log_file" 2>&1 &
  echo $! >"$pid_file"
  for _ in $(seq 1 300); do
    if answers; then
      echo "$name running (pid $(cat "$pid_file")) at $url"
      return 0
    fi
    running_pid >/dev/null || break
    sleep 0.1
  done
  echo "$name did not answer; log: $log_file" >&2
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
    echo "$name stopped (pid $pid)"
  else
    echo "$name not running"
  fi
  rm -f "$pid_file"
}

status() {
  if pid="$(running_pid)" && answers; then
    echo "$name running (pid $pid) at $url"
  else
    echo "$name not running"
    return 3
  fi
}

store_main() {
  case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    env) echo "export $env_var=$url" ;;
    *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
  esac
}
