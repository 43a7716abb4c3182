# Helpers of scripts/build.sh (sourced): the size report of a module, and wasm-opt from the npm
# `binaryen` package (host-shim's devDependencies) with its output cached by the input's hash.
# Debian's native wasm-opt is never used: its output breaks wasm-bindgen's externref table at load.

WASM_OPT=host-shim/node_modules/.bin/wasm-opt
WASM_OPT_CACHE=target/wasm-opt-cache
# Outputs kept in the cache (the newest): enough for every module of a build and of the build before.
WASM_OPT_KEPT=8

# report_size LABEL FILE: prints the module's raw and gzipped (default level) size.
report_size() {
  printf '[build] %s: %s bytes of wasm, %s gzipped\n' "$1" "$(stat -c %s "$2")" "$(gzip -c "$2" | wc -c)" >&2
}

# optimize_wasm FILE FLAGS...: replaces FILE by its wasm-opt output. The output is kept under
# $WASM_OPT_CACHE named by the hash of the input, the flags and wasm-opt's version, so a rebuild of
# unchanged code (or a second module with the same bytes) copies it instead of paying the pass again.
optimize_wasm() {
  local file=$1
  shift
  local flags=("$@")
  if [ ! -x "$WASM_OPT" ]; then
    printf '[build] %s left unoptimized: %s is missing (scripts/setup.sh installs it)\n' "$file" "$WASM_OPT" >&2
    return
  fi
  local version key
  version=$("$WASM_OPT" --version)
  key=$( { sha256sum < "$file"; echo "${flags[*]} $version"; } | sha256sum | cut -c1-32)
  mkdir -p "$WASM_OPT_CACHE"
  if [ ! -f "$WASM_OPT_CACHE/$key.wasm" ]; then
    "$WASM_OPT" "${flags[@]}" "$file" -o "$WASM_OPT_CACHE/$key.tmp"
    mv "$WASM_OPT_CACHE/$key.tmp" "$WASM_OPT_CACHE/$key.wasm"
    printf '[build] %s: wasm-opt %s ran\n' "$file" "${flags[*]}" >&2
  else
    printf '[build] %s: wasm-opt output reused from %s\n' "$file" "$WASM_OPT_CACHE" >&2
  fi
  touch "$WASM_OPT_CACHE/$key.wasm"
  cp "$WASM_OPT_CACHE/$key.wasm" "$file"
  ls -t "$WASM_OPT_CACHE"/*.wasm | tail -n +$((WASM_OPT_KEPT + 1)) | xargs -r rm -f
}
