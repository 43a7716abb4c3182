# The toolchains a fresh machine is given (the README's prerequisites), taken from this machine into
# the root of scripts/fresh-machine-check.sh, which sources this file and sets `root` and `work`:
# Rust (rustup's CARGO_HOME and RUSTUP_HOME, as overlays so the root may write without changing this
# machine's, and without the wasm-bindgen CLI that setup installs unless `wasm_bindgen` is yes), Python 3 (its installation,
# read-only) and Node (its binary, npm and headers, read-only), each at the path it has here.

cargo_home=${CARGO_HOME:-$HOME/.cargo}
rustup_home=${RUSTUP_HOME:-$HOME/.rustup}
node_bin=$(readlink -f "$(command -v node)")
node_prefix=$(dirname "$(dirname "$node_bin")")
python_exe=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
python_prefix=$(python3 -c 'import sys; print(sys.base_prefix)')

toolchain_path() { echo "$cargo_home/bin:$(dirname "$python_exe")"; }
toolchain_env() { echo "CARGO_HOME=$cargo_home RUSTUP_HOME=$rustup_home"; }

# The Debian packages of the shared libraries the toolchains load (a machine that has them installed
# has these too): mmdebstrap includes them in the base.
toolchain_libraries() {
  {
    ldd "$node_bin" "$python_exe"
    find "$python_prefix/lib" -path '*lib-dynload*' -name '*.so' -exec ldd {} +
    ldd "$rustup_home"/toolchains/*/bin/* "$rustup_home"/toolchains/*/lib/*.so* "$cargo_home/bin/rustup"
  } 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u |
    while read -r lib; do dpkg -S "$lib" 2>/dev/null || dpkg -S "$(realpath "$lib")" 2>/dev/null || true; done |
    cut -d: -f1 | sort -u
}

overlay() {
  local dir=$1 upper
  upper="$work/upper/$(basename "$dir")"
  mkdir -p "$root$dir" "$upper/data" "$upper/work"
  mount -t overlay overlay -o "lowerdir=$dir,upperdir=$upper/data,workdir=$upper/work" "$root$dir"
}

readonly_bind() {
  local path=$1
  if [[ -d "$path" ]]; then mkdir -p "$root$path"; else mkdir -p "$(dirname "$root$path")" && touch "$root$path"; fi
  mount --bind "$path" "$root$path"
  mount -o remount,bind,ro "$root$path"
}

mount_toolchains() {
  overlay "$cargo_home"
  overlay "$rustup_home"
  [[ "$wasm_bindgen" == yes ]] ||
    rm -f "$root$cargo_home"/bin/wasm-bindgen* "$root$cargo_home"/bin/wasm2es6js "$root$cargo_home"/.crates.toml "$root$cargo_home"/.crates2.json
  readonly_bind "$python_prefix"
  readonly_bind "$node_bin"
  readonly_bind "$node_prefix/lib/node_modules"
  readonly_bind "$node_prefix/include/node"
  cp -P "$node_prefix/bin/npm" "$node_prefix/bin/npx" "$root$node_prefix/bin/"
}
