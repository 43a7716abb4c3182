# The code the wiki runs, copied into DIR/code so that Apache's user (www-data) reads it from the
# wiki's own folder and never needs to read the checkout (which may be private, e.g. in a 0700
# folder): the extension, the PHP bridge, the wasm module and wasmtime's C library, and below the
# extension's resources/lib the browser files its editor imports (the extension folder layout of
# docs/mediawiki.md: the shared editor modules and pkg/web-slim). Every `start`
# brings the copy up to date with the checkout (rsync: only changed files are copied). Sourced by
# scripts/mediawiki.sh, which sets `dir` and `repo`.

code_dir() { echo "$dir/code"; }

# wasmtime's C library as the bridge finds it in the checkout (STRATA_WASMTIME_LIB or the .venv).
code_wasmtime_library() {
  php -r 'require $argv[1]; echo Strata\Bridge\Wasmtime::libraryPath();' "$repo/host-php/autoload.php"
}

code_sync() {
  local code wasm="$repo/pkg/cabi/strata.wasm"
  code=$(code_dir)
  [[ -f "$wasm" ]] || { echo "no wasm module at $wasm: run scripts/build.sh" >&2; return 1; }
  mkdir -p "$code/pkg/cabi" "$code/lib"
  [[ -f "$repo/pkg/web-slim/strata_bg.wasm" ]] || { echo "no browser module in $repo/pkg/web-slim: run scripts/build.sh" >&2; return 1; }
  rsync -a --delete --exclude /resources/lib/ "$repo/mediawiki/" "$code/mediawiki/"
  mkdir -p "$code/mediawiki/resources/lib"
  rsync -a --delete --include '/subject-editor.js' --include '/editor-fields.js' --include '/subject-editor.css' \
    --include '/i18n/' --include '/i18n/*.json' --exclude '*' "$repo/host-shim/browser/" "$code/mediawiki/resources/lib/editor/"
  rsync -a --delete --exclude '*.d.ts' --exclude package.json --exclude .gitignore "$repo/pkg/web-slim/" "$code/mediawiki/resources/lib/strata-web/"
  rsync -a --delete --exclude tests/ "$repo/host-php/" "$code/host-php/"
  rsync -a "$wasm" "$code/pkg/cabi/strata.wasm"
  rsync -aL "$(code_wasmtime_library)" "$code/lib/libwasmtime.so"
  chmod -R a+rX "$code"
}
