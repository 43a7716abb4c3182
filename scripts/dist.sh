#!/usr/bin/env bash
# The Strata extension as an operator installs it: one folder, `extensions/Strata/`, assembled here
# and only here, from the checkout and its build (scripts/build.sh). Its layout (docs/mediawiki.md):
#
#   extension.json src/ i18n/ maintenance/ sql/ resources/ tests/ README.md   the repo's mediawiki/
#   resources/lib/strata-web/    pkg/web-slim: the slim browser module, served statically
#   resources/lib/editor/        the browser ES modules of host-shim/browser/, served statically, and
#                                their messages (i18n/, read by MediaWiki as a messages directory)
#   bridge/                      the PHP bridge: host-php/autoload.php, host-php/preload.php, host-php/src/
#   core/strata.wasm             the C-ABI module (pkg/cabi)
#   lib/libwasmtime.so           wasmtime's C library, with lib/LICENSE.wasmtime
#   COPYING                      the project's licence (GPL-2.0-or-later)
#   SHA256SUMS                   (archive only) the checksum of every other file
#
#   scripts/dist.sh layout DIR   lays the folder out as DIR (replaced as a whole; the test wikis'
#                                $IP/extensions/Strata, scripts/mediawiki/code.sh)
#   scripts/dist.sh [archive]    writes dist/Strata-<version>.tar.gz (version: Cargo.toml's) holding
#                                the folder as `Strata/`, and its checksum beside it
#
# Files keep their modification times (cp -p), so a layout made again from an unchanged build keeps
# the precompiled module's cache key (host-php/src/CompiledModule.php) and does not compile again.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Cargo.toml's package version, the one version of the project (extension.json's is checked against
# it by tests/mediawiki_extension.rs).
version() { sed -n 's/^version = "\([^"]*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1; }

# wasmtime's C library and its licence, from the Python wheel the bridge is tested with (the wheel's
# dist-info holds the licence), or STRATA_WASMTIME_LIB with STRATA_WASMTIME_LICENSE.
wasmtime_library() {
  if [[ -n "${STRATA_WASMTIME_LIB:-}" ]]; then echo "$STRATA_WASMTIME_LIB"; return; fi
  compgen -G "$repo/.venv/lib/python3*/site-packages/wasmtime/linux-x86_64/_libwasmtime.so" | head -n 1
}
wasmtime_licence() {
  if [[ -n "${STRATA_WASMTIME_LICENSE:-}" ]]; then echo "$STRATA_WASMTIME_LICENSE"; return; fi
  compgen -G "$repo/.venv/lib/python3*/site-packages/wasmtime-*.dist-info/licenses/LICENSE" | head -n 1
}

need() { [[ -e "$1" ]] || { echo "dist: $1 is missing: $2" >&2; exit 1; }; }

# Copies the folder `from`'s contents into `to` (made if missing), keeping times and following no links.
copy_tree() { mkdir -p "$2"; cp -pR "$1/." "$2/"; }

# Lays the folder out into `out` (which must not exist yet).
assemble() {
  local out=$1 lib licence
  lib=$(wasmtime_library)
  licence=$(wasmtime_licence)
  need "$repo/pkg/cabi/strata.wasm" "run scripts/build.sh"
  need "$repo/pkg/web-slim/strata.js" "run scripts/build.sh"
  need "${lib:-wasmtime's C library}" "run scripts/setup.sh or set STRATA_WASMTIME_LIB"
  need "${licence:-wasmtime's licence}" "run scripts/setup.sh or set STRATA_WASMTIME_LICENSE"

  copy_tree "$repo/mediawiki" "$out"
  mkdir -p "$out/resources/lib/editor" "$out/bridge" "$out/core" "$out/lib"
  copy_tree "$repo/pkg/web-slim" "$out/resources/lib/strata-web"
  rm -f "$out/resources/lib/strata-web/.gitignore"
  local file
  for file in "$repo"/host-shim/browser/*.js "$repo"/host-shim/browser/*.css; do
    [[ -e "$file" ]] && cp -p "$file" "$out/resources/lib/editor/"
  done
  # The editor's messages, a second MessagesDirs entry of extension.json.
  copy_tree "$repo/host-shim/browser/i18n" "$out/resources/lib/editor/i18n"
  cp -p "$repo/host-php/autoload.php" "$repo/host-php/preload.php" "$out/bridge/"
  copy_tree "$repo/host-php/src" "$out/bridge/src"
  rm -rf "$out/bridge/src/Testing"
  cp -p "$repo/pkg/cabi/strata.wasm" "$out/core/strata.wasm"
  cp -pL "$lib" "$out/lib/libwasmtime.so"
  cp -pL "$licence" "$out/lib/LICENSE.wasmtime"
  cp -p "$repo/COPYING" "$out/COPYING"
  chmod -R u+rwX,go+rX,go-w "$out"
}

cmd_layout() {
  [[ $# -eq 1 ]] || { echo "usage: scripts/dist.sh layout DIR" >&2; exit 2; }
  local target=$1 staging
  mkdir -p "$(dirname "$target")"
  staging="$(dirname "$target")/.$(basename "$target").new.$$"
  trap 'rm -rf "$staging"' EXIT
  rm -rf "$staging"
  assemble "$staging"
  rm -rf "$target"
  mv "$staging" "$target"
  trap - EXIT
}

cmd_archive() {
  local v work name
  v=$(version)
  [[ -n "$v" ]] || { echo "dist: no version in Cargo.toml" >&2; exit 1; }
  name="Strata-$v.tar.gz"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  assemble "$work/Strata"
  (cd "$work/Strata" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs -d '\n' sha256sum >SHA256SUMS)
  mkdir -p "$repo/dist"
  # Reproducible member order and owner; the files' own times are kept.
  tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner -czf "$repo/dist/$name" Strata
  (cd "$repo/dist" && sha256sum "$name" >"$name.sha256")
  rm -rf "$work"
  trap - EXIT
  echo "$repo/dist/$name"
}

case "${1:-archive}" in
  layout) shift; cmd_layout "$@" ;;
  archive) shift || true; cmd_archive "$@" ;;
  *) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
