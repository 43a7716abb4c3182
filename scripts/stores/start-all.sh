# Sourced by scripts/test.sh: starts every real test store and exports the variables that point the
# tests at them. Each store script in this folder answers `start`, `stop` and `env` (which prints the
# export lines), so adding a store means adding its script here.
_strata_stores_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for _strata_store in "$_strata_stores_dir"/*.sh; do
  case "$(basename "$_strata_store")" in start-all.sh|stop-all.sh|lib.sh) continue ;; esac
  "$_strata_store" start >&2 || return 1
  eval "$("$_strata_store" env)" || return 1
done
unset _strata_store _strata_stores_dir
