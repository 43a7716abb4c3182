#!/usr/bin/env bash
# The lint gate, the first stage of scripts/test.sh: fails on the first tool that finds something.
# JavaScript: ESLint (host-shim/eslint.config.js) over host-shim/, js/ and the benchmark scripts.
# Rust: cargo fmt --check (rustfmt.toml), then clippy with every warning an error, natively over all targets
# and for the default wasm module.
# PHP: `php -l` on every file of host-php/ and mediawiki/, then Debian's phpcs with phpcs.xml (warnings fail too).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "# eslint"
host-shim/node_modules/.bin/eslint --config host-shim/eslint.config.js host-shim js scripts/bench
echo "# rustfmt"
cargo fmt --check
echo "# clippy"
cargo clippy --all-targets -q -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib -q -- -D warnings
echo "# php -l"
find host-php mediawiki scripts -name '*.php' -print0 | xargs -0 -n 1 php -l >/dev/null
echo "# phpcs"
phpcs -q --standard=phpcs.xml
echo "# lint: clean"
