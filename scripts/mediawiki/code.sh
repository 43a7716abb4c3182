# The code the wiki runs, copied into DIR/code so that Apache's user (www-data) reads it from the
# wiki's own folder and never needs to read the checkout (which may be private, e.g. in a 0700
# folder): the extension, the PHP bridge, the wasm module and wasmtime's C library, and below the
# extension's resources/lib the browser files its editor imports (the extension folder layout of
# docs/mediawiki.md: the shared editor modules with their messages, and pkg/web-slim). Every `start`
# copies it afresh (`cp -a`, about 2 MB) beside the old copy and then swaps the two, so files deleted
# in the checkout go too and a running Apache never sees a half-written tree. Sourced by
# scripts/mediawiki.sh, which sets `dir` and `repo`.

code_dir() { echo "$dir/code"; }

# wasmtime's C library as the bridge finds it in the checkout (STRATA_WASMTIME_LIB or the .venv).
code_wasmtime_library() {
  php -r 'require $argv[1]; echo Strata\Bridge\Wasmtime::libraryPath();' "$repo/host-php/autoload.php"
}

code_sync() {
  local code new wasm="$repo/pkg/cabi/strata.wasm" slim="$repo/pkg/web-slim"
  code=$(code_dir)
  new="$code.new"
  [[ -f "$wasm" ]] || { echo "no wasm module at $wasm: run scripts/build.sh" >&2; return 1; }
  [[ -f "$slim/strata_bg.wasm" ]] || { echo "no browser module in $slim: run scripts/build.sh" >&2; return 1; }
  rm -rf "$new"
  mkdir -p "$new/pkg/cabi" "$new/lib"
  cp -a "$repo/mediawiki" "$new/mediawiki"
  mkdir -p "$new/mediawiki/resources/lib/editor/i18n" "$new/mediawiki/resources/lib/strata-web"
  cp -a "$repo"/host-shim/browser/{subject-editor.js,editor-fields.js,subject-editor.css} "$new/mediawiki/resources/lib/editor/"
  cp -a "$repo"/host-shim/browser/i18n/*.json "$new/mediawiki/resources/lib/editor/i18n/"
  cp -a "$slim/strata.js" "$slim/strata_bg.wasm" "$slim/snippets" "$new/mediawiki/resources/lib/strata-web/"
  cp -a "$repo/host-php" "$new/host-php"
  rm -rf "$new/host-php/tests"
  cp -a "$wasm" "$new/pkg/cabi/strata.wasm"
  cp -L --preserve=timestamps "$(code_wasmtime_library)" "$new/lib/libwasmtime.so"
  chmod -R a+rX "$new"
  rm -rf "$code"
  mv "$new" "$code"
}
