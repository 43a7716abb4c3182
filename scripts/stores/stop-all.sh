#!/usr/bin/env bash
# Stops every test store that scripts/stores/start-all.sh started.
set -uo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
status=0
for store in "$dir"/*.sh; do
  case "$(basename "$store")" in start-all.sh|stop-all.sh|lib.sh) continue ;; esac
  "$store" stop || status=1
done
exit $status
