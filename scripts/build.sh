#!/usr/bin/env bash
# Builds the wasm module three times from one crate (docs/architecture.md): the wasm-bindgen module
# with its JavaScript bindings into pkg/node and pkg/web; the slim browser module (feature `web` alone:
# what a browser editor needs, docs/ui.md) into pkg/web-slim; and the C-ABI module for PHP and other
# hosts into pkg/cabi/strata.wasm. The slim and C-ABI builds have target folders of their own: their
# features (and the C ABI's getrandom backend flag) would otherwise make each build throw away the
# others' compiled artifacts. wasm-opt (npm `binaryen`, cached) runs on the wasm-bindgen modules: `-O3`
# on the full one (pkg/node and pkg/web hold the same bytes: one pass), `-Oz` on the slim one. The
# C-ABI module is left as rustc wrote it: in wasmtime `-O3` did not change its instruction count
# (docs/benchmarks-history.md, session 8).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-size.sh

cargo build -q --release --target wasm32-unknown-unknown --lib
wasm=target/wasm32-unknown-unknown/release/strata.wasm
wasm-bindgen --target nodejs --out-dir pkg/node "$wasm"
# The CommonJS module `require`s its JavaScript snippets (js/), which are ES modules: Node 20.19 and later
# load them so, and this file tells Node they are modules without a guess (and without a warning).
printf '{"type": "module"}\n' > pkg/node/snippets/package.json
wasm-bindgen --target web --out-dir pkg/web "$wasm"
optimize_wasm pkg/node/strata_bg.wasm -O3
optimize_wasm pkg/web/strata_bg.wasm -O3
report_size 'pkg/node and pkg/web' pkg/web/strata_bg.wasm

cargo build -q --release --target wasm32-unknown-unknown --lib --no-default-features --features web --target-dir target/slim
wasm-bindgen --target web --out-dir pkg/web-slim target/slim/wasm32-unknown-unknown/release/strata.wasm
optimize_wasm pkg/web-slim/strata_bg.wasm -Oz
report_size pkg/web-slim pkg/web-slim/strata_bg.wasm

RUSTFLAGS='--cfg getrandom_backend="custom"' cargo build -q --release --target wasm32-unknown-unknown --lib \
  --no-default-features --features cabi --target-dir target/cabi
mkdir -p pkg/cabi
cp target/cabi/wasm32-unknown-unknown/release/strata.wasm pkg/cabi/strata.wasm
report_size pkg/cabi pkg/cabi/strata.wasm
