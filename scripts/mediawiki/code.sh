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
  rsync -a --delete --exclude tests/ "$repo/host-php/" "$code/host-php/"
  rsync -a "$wasm" "$code/pkg/cabi/strata.wasm"
  rsync -aL "$(code_wasmtime_library)" "$code/lib/libwasmtime.so"
  # Test wikis only: the settings their tests need (an edit filter, a newbie group), never shipped.
  rsync -a "$repo/tests/mediawiki/support/test_wiki_settings.php" "$code/test_wiki_settings.php"
  chmod -R a+rX "$code"
}
