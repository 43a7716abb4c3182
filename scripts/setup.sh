#!/usr/bin/env bash
# Installs whatever this machine lacks to build, run and test Strata. Safe to run again: each step
# checks first and does nothing when its tool is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([^"]*\)".*/\1/p' Cargo.toml)
say() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v cc >/dev/null || need_apt+=(build-essential)
command -v python3 >/dev/null || need_apt+=(python3 python3-venv)
command -v node >/dev/null || need_apt+=(nodejs npm)
# PHP with FFI (in php8.2-common), for the PHP bridge in host-php/.
command -v php >/dev/null || need_apt+=(php8.2-cli)
if ((${#need_apt[@]})); then
  say "installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

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

if [ ! -f .venv/.installed ] || [ scripts/requirements.txt -nt .venv/.installed ]; then
  say "installing Python packages into .venv"
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r scripts/requirements.txt
  touch .venv/.installed
fi
say "ready"
