# The code the wiki runs, copied into DIR/code so that Apache's user (www-data) reads it from the
# wiki's own folder and never needs to read the checkout (which may be private, e.g. in a 0700
# folder): the extension, the PHP bridge, the wasm module and wasmtime's C library. Every `start`
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
  rsync -a --delete "$repo/mediawiki/" "$code/mediawiki/"
  # The browser files the reference host serves too (one source): the styles of the core's HTML and
  # the Data tab's Copy script, for the ResourceLoader modules of extension.json.
  mkdir -p "$code/mediawiki/resources/lib/shared"
  rsync -a "$repo/host-shim/browser/strata-content.css" "$repo/host-shim/browser/copy-iri.js" "$code/mediawiki/resources/lib/shared/"
  rsync -a --delete --exclude tests/ "$repo/host-php/" "$code/host-php/"
  rsync -a "$wasm" "$code/pkg/cabi/strata.wasm"
  rsync -aL "$(code_wasmtime_library)" "$code/lib/libwasmtime.so"
  chmod -R a+rX "$code"
}
