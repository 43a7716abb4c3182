#!/usr/bin/env bash
# Stops every store started by start-all.sh, each by its recorded PID.
cd "$(dirname "$0")/../.."
for s in scripts/stores/*.sh; do
  case "$s" in */start-all.sh|*/stop-all.sh) continue ;; esac
  bash "$s" stop
done
