#!/usr/bin/env bash
# Runs every test: native Rust tests, the wasm module from Node and from Chromium, the reference host
# end to end, the real-client and real-store tests, and Strata inside MediaWiki. Installs what is missing
# first, and stops before any stage when a Debian package a stage needs is still missing.
#
#   scripts/test.sh [STAGE...]   (default: every stage; e.g. `scripts/test.sh php mediawiki-sqlite`)
set -uo pipefail
cd "$(dirname "$0")/.."

# Each stage and the groups of scripts/packages/debian.txt it needs (besides `build`).
declare -A needs=([lint]="php lint" [rust]="" [node]=node [php]="php mediawiki" [python]=python [mediawiki-sqlite]="php mediawiki node"
  [mediawiki-mariadb]="php mediawiki mariadb node" [mediawiki-cluster]="php mediawiki mariadb cluster")
selected=("$@")
((${#selected[@]})) || selected=(lint rust node php python mediawiki-sqlite mediawiki-mariadb mediawiki-cluster)
groups=()
for name in "${selected[@]}"; do
  [[ -v "needs[$name]" ]] || { echo "no stage $name; stages: ${!needs[*]}" >&2; exit 2; }
  groups+=(${needs[$name]})
done
./scripts/setup.sh "${groups[@]}" || exit 1
./scripts/build.sh || exit 1

log_dir=$(mktemp -d)
trap 'scripts/stores/stop-all.sh >/dev/null 2>&1 || true; rm -rf "$log_dir"' EXIT
source scripts/stores/start-all.sh || { echo "could not start the test stores" >&2; exit 1; }

status=0
stage() {
  local name=$1; shift
  [[ " ${selected[*]} " == *" $name "* ]] || return 0
  printf '\n\033[1m== %s ==\033[0m\n' "$name"
  "$@" 2>&1 | tee "$log_dir/$name.log"
  local rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || { status=1; printf '\033[31m%s failed (exit %s)\033[0m\n' "$name" "$rc"; }
}

stage lint scripts/lint.sh
stage rust cargo test
stage node bash -c 'cd host-shim && npm test --silent'
# The bridge's tests, then the extension's unit tests (both under Debian's PHPUnit); one failing does
# not hide the other's result.
stage php bash -c 'rc=0; phpunit -c host-php/phpunit.xml || rc=1; phpunit -c mediawiki/tests/phpunit/phpunit.xml || rc=1; exit $rc'
[ -d tests/python ] && stage python .venv/bin/python -m unittest discover -s tests/python -v
# Strata inside Debian's MediaWiki, on SQLite and on MariaDB (docs/mediawiki.md, "Tests"). Apache
# (www-data) reads the code from the wiki's own folder, so the checkout may be private.
stage mediawiki-sqlite scripts/test-mediawiki.sh sqlite
stage mediawiki-mariadb scripts/test-mediawiki.sh mariadb
# Two app servers, a MariaDB replica and a FalkorDB replica on loopback (docs/scale-out.md).
stage mediawiki-cluster scripts/test-mediawiki-cluster.sh

passed=0 failed=0
for f in "$log_dir"/*.log; do
  read -r p q < <(awk '
    /^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) q += $i } }
    /^# pass / { p += $3 } /^# fail / { q += $3 }
    /^Ran [0-9]+ test/ { r = $2 } /^FAILED \(/ { if (match($0, /(failures|errors)=[0-9]+/)) { split(substr($0, RSTART, RLENGTH), a, "="); q += a[2]; r -= a[2] } }
    /^OK \([0-9]+ tests?,/ { p += substr($2, 2) }
    /^Tests: [0-9]+, Assertions:/ { t = $2 + 0; f = 0; for (i = 3; i <= NF; i++) if ($i ~ /^(Errors|Failures):$/) f += $(i+1) + 0; p += t - f; q += f }
    END { print p + r, q }' "$f")
  passed=$((passed + p)); failed=$((failed + q))
done
echo
echo "$passed passed, $failed failed"
exit $status
