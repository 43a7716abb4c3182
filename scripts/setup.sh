#!/usr/bin/env bash
# Installs whatever this machine lacks to build, run and test Strata, then checks that it is all
# there (docs/packages.md). Safe to run again: each step checks first.
#
#   scripts/setup.sh [STAGE...]
#
# STAGE names the work to prepare for, as scripts/packages/debian.txt groups its Debian packages
# (build, node, php, python, mediawiki, mariadb, bench); `build` is always included. Then the Rust
# wasm target, the wasm-bindgen CLI, the npm packages of host-shim/package.json and the PyPI packages
# of scripts/requirements.txt. Ends with `scripts/packages/debian.sh check` for the stages, which
# fails naming the Debian package of anything still missing.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t stages < <(printf '%s\n' build "$@" | awk '!seen[$0]++')

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([^"]*\)".*/\1/p' Cargo.toml)
say() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

scripts/packages/debian.sh install "${stages[@]}"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about two minutes)"
  cargo install -q wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
fi

if [ ! -f host-shim/node_modules/.installed ] || [ host-shim/package-lock.json -nt host-shim/node_modules/.installed ]; then
  say "installing npm packages (better-sqlite3 builds from source)"
  (cd host-shim && npm_config_nodedir=/usr npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed)
fi

scripts/packages/pypi.sh
scripts/packages/debian.sh check "${stages[@]}"
say "ready (${stages[*]})"
