# Processes a test wiki started, known by the PID files it wrote; only those PIDs are ever signalled.
# Sourced by scripts/mediawiki.sh.

# Prints the PID recorded in FILE when that process still runs.
running_pid() {
  local pid
  [[ -f "$1" ]] || return 1
  pid=$(cat "$1")
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Stops the process recorded in FILE (TERM, then waits up to 30 s) and removes FILE.
stop_pid() {
  local pid
  if pid=$(running_pid "$1"); then
    kill "$pid"
    for _ in $(seq 1 300); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -f "$1"
}
