#!/usr/bin/env bash
# Builds the wasm module twice from one crate (docs/architecture.md): the wasm-bindgen module with
# its JavaScript bindings into pkg/node and pkg/web, and the C-ABI module for PHP and other hosts
# into pkg/cabi/strata.wasm. The C-ABI build has its own target folder: its getrandom backend flag
# would otherwise make each build throw away the other's compiled dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release --target wasm32-unknown-unknown --lib
wasm=target/wasm32-unknown-unknown/release/strata.wasm
wasm-bindgen --target nodejs --out-dir pkg/node "$wasm"
wasm-bindgen --target web --out-dir pkg/web "$wasm"
printf '[build] pkg/node and pkg/web: %s bytes of wasm\n' "$(stat -c %s pkg/web/strata_bg.wasm)" >&2

RUSTFLAGS='--cfg getrandom_backend="custom"' cargo build -q --release --target wasm32-unknown-unknown --lib \
  --no-default-features --features cabi --target-dir target/cabi
mkdir -p pkg/cabi
cp target/cabi/wasm32-unknown-unknown/release/strata.wasm pkg/cabi/strata.wasm
printf '[build] pkg/cabi: %s bytes of wasm\n' "$(stat -c %s pkg/cabi/strata.wasm)" >&2
