# Sourced by the test runner: starts every store the tests use on loopback and exports their
# addresses. Each store script is idempotent, records its PID under var/, and writes the variables
# that point at it to var/stores/<name>.env.
for s in scripts/stores/*.sh; do
  case "$s" in */start-all.sh|*/stop-all.sh) continue ;; esac
  bash "$s" start || return 1
done
set -a
for e in var/stores/*.env; do [ -f "$e" ] && . "$e"; done
set +a
true
