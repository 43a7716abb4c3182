#!/usr/bin/env bash
# A million Subjects on MediaWiki with MariaDB (docs/benchmarks.md): a MariaDB wiki of its own in
# DIR/wiki, the generated wiki of lists.mjs imported into it (scripts/bench/generated-wiki.mjs: the
# Schemas, Layouts and Mappings by maintenance/importFolder.php, the Subject pages written to a file,
# then imported by maintenance/importPages.php, which prints its rate), then every list endpoint timed over HTTP
# (scripts/bench/mediawiki-lists.mjs). The import is kept in DIR and reused by the next run.
# Not part of `make test` or `make bench` (`make bench-mediawiki-million` runs it): at 1,000,000
# Subjects it takes about 30 minutes and 5 GB (4 GB of database, a 1 GB file of pages while it imports).
# Usage: scripts/bench/mediawiki-million.sh [SUBJECTS=1000000] [DIR=bench-out/mediawiki-SUBJECTS]
# The wiki listens on STRATA_MEDIAWIKI_PORT (default 8950); MariaDB's buffer pool is
# STRATA_MARIADB_BUFFER_POOL (default 4G: the whole index and the hot pages at a million Subjects,
# a sixth of the 24 GiB machine); the search budget is STRATA_BENCH_SEARCH_BUDGET_MS (default 250),
# written into the wiki's settings on its first run. Stop the wiki afterwards:
# scripts/mediawiki.sh stop DIR/wiki.
set -euo pipefail
cd "$(dirname "$0")/../.."
subjects=${1:-1000000}
dir=$(realpath -m "${2:-bench-out/mediawiki-$subjects}")
port=${STRATA_MEDIAWIKI_PORT:-8950}
export STRATA_MARIADB_BUFFER_POOL=${STRATA_MARIADB_BUFFER_POOL:-4G}
step() { echo "== $1 ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"; }
maintenance() {
  MW_CONFIG_FILE="$dir/wiki/LocalSettings.php" MW_INSTALL_PATH="$dir/wiki/w" php -d ffi.enable=1 \
    "$dir/wiki/w/extensions/Strata/maintenance/$1.php" "${@:2}"
}
mkdir -p "$dir"
step "a MariaDB wiki in $dir/wiki, buffer pool $STRATA_MARIADB_BUFFER_POOL"
scripts/mediawiki.sh start --empty --no-stores "$dir/wiki" "$port" mariadb
# The Subject search budget a large wiki's operator would set: a search that cannot finish in it
# answers 503 searchTimeout (mediawiki-lists.mjs counts them) instead of holding a connection.
budget=${STRATA_BENCH_SEARCH_BUDGET_MS:-250}
grep -q '^\$wgStrataSearchTimeoutMs' "$dir/wiki/LocalSettings.php" \
  || echo "\$wgStrataSearchTimeoutMs = $budget;" >>"$dir/wiki/LocalSettings.php"
if [[ ! -f "$dir/imported" ]]; then
  step "import of $subjects generated Subjects"
  node scripts/bench/generated-wiki.mjs "$dir/generated" >/dev/null
  maintenance importFolder --user Admin "$dir/generated" | tail -n 1
  # Generated first, so the generator does not take the import's CPU (the rate is the import's).
  node scripts/bench/generated-wiki.mjs "$dir/generated" "$subjects" >"$dir/pages.ndjson"
  step "importPages.php"
  maintenance importPages "$dir/pages.ndjson" >"$dir/import.log"
  rm "$dir/pages.ndjson"
  tail -n 1 "$dir/import.log"
  # The maintenance scripts ran as this user: the wiki's folders go back to the web server's user.
  chown -R www-data:www-data "$dir/wiki/cache" "$dir/wiki/logs"
  touch "$dir/imported"
fi
echo "   database: $(du -sh "$dir/wiki/mariadb" | cut -f1)"
step "every list endpoint over HTTP"
node scripts/bench/mediawiki-lists.mjs "http://127.0.0.1:$port" "$subjects"
step "done; stop the wiki (scripts/mediawiki.sh stop $dir/wiki) and delete $dir when the figures are recorded"
