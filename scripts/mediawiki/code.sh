# The code the wiki runs, copied into DIR/code so that Apache's user (www-data) reads it from the
# wiki's own folder and never needs to read the checkout (which may be private, e.g. in a 0700
# folder): the extension, the PHP bridge, the wasm module and wasmtime's C library. Every `start`
# copies it afresh (`cp -a`, about 1 MB) beside the old copy and then swaps the two, so files deleted
# in the checkout go too and a running Apache never sees a half-written tree. Sourced by
# scripts/mediawiki.sh, which sets `dir` and `repo`.

code_dir() { echo "$dir/code"; }

# wasmtime's C library as the bridge finds it in the checkout (STRATA_WASMTIME_LIB or the .venv).
code_wasmtime_library() {
  php -r 'require $argv[1]; echo Strata\Bridge\Wasmtime::libraryPath();' "$repo/host-php/autoload.php"
}

code_sync() {
  local code new wasm="$repo/pkg/cabi/strata.wasm"
  code=$(code_dir)
  new="$code.new"
  [[ -f "$wasm" ]] || { echo "no wasm module at $wasm: run scripts/build.sh" >&2; return 1; }
  rm -rf "$new"
  mkdir -p "$new/pkg/cabi" "$new/lib"
  cp -a "$repo/mediawiki" "$new/mediawiki"
  cp -a "$repo/host-php" "$new/host-php"
  rm -rf "$new/host-php/tests"
  cp -a "$wasm" "$new/pkg/cabi/strata.wasm"
  cp -L --preserve=timestamps "$(code_wasmtime_library)" "$new/lib/libwasmtime.so"
  chmod -R a+rX "$new"
  rm -rf "$code"
  mv "$new" "$code"
}
