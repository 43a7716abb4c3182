#!/usr/bin/env bash
# The lint gate, the first stage of scripts/test.sh: fails on the first tool that finds something.
# JavaScript: ESLint (host-shim/eslint.config.js) over host-shim/, js/ and the benchmark scripts.
# PHP: `php -l` on every file of host-php/ and mediawiki/.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "# eslint"
host-shim/node_modules/.bin/eslint --config host-shim/eslint.config.js host-shim js scripts/bench
echo "# php -l"
find host-php mediawiki scripts -name '*.php' -print0 | xargs -0 -n 1 php -l >/dev/null
echo "# lint: clean"
