#!/usr/bin/env bash
# Builds the wasm module and its JavaScript bindings into pkg/ (node and web targets).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release --target wasm32-unknown-unknown --lib
wasm=target/wasm32-unknown-unknown/release/strata.wasm
wasm-bindgen --target nodejs --out-dir pkg/node "$wasm"
wasm-bindgen --target web --out-dir pkg/web "$wasm"
printf '[build] pkg/node and pkg/web: %s bytes of wasm\n' "$(stat -c %s pkg/web/strata_bg.wasm)" >&2
