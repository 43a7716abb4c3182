#!/usr/bin/env bash
# The scale run of docs/benchmarks-history.md ("10,000,000 Subjects"): imports a generated wiki of SUBJECTS
# Subjects once (kept in DIR), times every list endpoint on it, then GET, PUT and POST through HTTP on
# the same wiki, then the TriG dump of all of it; each step under /usr/bin/time -v (time, peak RSS).
# Not part of `make test` or `make bench`: at 10,000,000 Subjects it takes about an hour and about
# 25 GB of disk. Usage: scripts/bench-scale.sh [SUBJECTS=10000000] [DIR=bench-out]
# A search may run STRATA_BENCH_SEARCH_BUDGET_MS (default 250, as in MediaWiki's million-Subject run)
# before it answers 503 searchTimeout; the lists count those answers and time them.
set -euo pipefail
cd "$(dirname "$0")/.."
subjects=${1:-10000000}
dir=$(realpath -m "${2:-bench-out}")
./scripts/setup.sh bench >/dev/null
./scripts/build.sh
wiki="$dir/lists-$subjects"
step() { echo "== $1 ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"; }
peak() { grep -E 'Elapsed|Maximum resident' "$1" | sed 's/^\s*/   /'; }
mkdir -p "$dir"
export STRATA_BENCH_SEARCH_BUDGET_MS=${STRATA_BENCH_SEARCH_BUDGET_MS:-250}
step "import and lists (search budget $STRATA_BENCH_SEARCH_BUDGET_MS ms, main at $(git rev-parse --short HEAD))"
LISTS_KEEP=1 LISTS_DIR="$dir" /usr/bin/time -v -o "$dir/lists.time" node scripts/bench/lists.mjs "$subjects"
peak "$dir/lists.time"
echo "   disk: $(du -sh "$wiki" | cut -f1) in $wiki"
step "HTTP on the same wiki"
STRATA_BENCH_WIKI_DIR="$wiki" /usr/bin/time -v -o "$dir/http.time" node scripts/bench/http.mjs 2000 10
peak "$dir/http.time"
step "TriG dump of the whole wiki to /dev/null"
/usr/bin/time -v -o "$dir/dump.time" node scripts/bench/dump-rdf.mjs --child "$wiki"
echo
peak "$dir/dump.time"
step "done; delete $wiki when the figures are recorded"
