#!/usr/bin/env bash
# Runs `make test`'s setup, build and the given stages (default: php mediawiki-sqlite
# mediawiki-mariadb) on a clean Debian 12 machine: a minimal root built by mmdebstrap under
# var/fresh-machine/, holding a fresh clone of the committed HEAD, with this machine's toolchains (the
# README's prerequisites: Rust by rustup, Node, Python 3) and nothing else (docs/packages.md,
# "Checking a fresh machine"). A developer script, not part of `make test`: a run takes about an hour.
#
#   sudo scripts/fresh-machine-check.sh [--keep] [--wasm-bindgen] [STAGE...]
#
# --wasm-bindgen leaves this machine's wasm-bindgen CLI in the root, sparing its build by setup
# (minutes of CPU) when that step is not what is being checked.
# The Debian base is kept as var/fresh-machine/base.tar (built once); each run unpacks it afresh into
# var/fresh-machine/root and deletes that root afterwards (kept with --keep, to look inside). Runs in
# a private mount namespace; on exit, also on failure, it stops every process running in the root
# and undoes every mount before anything is deleted. The servers take STRATA_FALKORDB_PORT,
# STRATA_OXIGRAPH_PORT and STRATA_MEDIAWIKI_PORT (up to +5) from the environment. Output: the
# terminal and var/fresh-machine/run.log.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -z "${STRATA_FRESH_NAMESPACE:-}" ]]; then
  [[ "$(id -u)" == 0 ]] || { echo "run as root (mmdebstrap, chroot and mounts)" >&2; exit 2; }
  "$repo/scripts/packages/debian.sh" install fresh
  STRATA_FRESH_NAMESPACE=1 exec unshare --mount --propagation private "$0" "$@"
fi

work="$repo/var/fresh-machine"
root="$work/root"
keep=no wasm_bindgen=no
while [[ "${1:-}" == --* ]]; do
  case $1 in
    --keep) keep=yes ;;
    --wasm-bindgen) wasm_bindgen=yes ;;
    *) sed -n '8,12p' "$0" >&2; exit 2 ;;
  esac
  shift
done
stages=("$@")
((${#stages[@]})) || stages=(php mediawiki-sqlite mediawiki-mariadb)
say() { printf '\033[1m[fresh]\033[0m %s\n' "$*" >&2; }
source "$repo/scripts/fresh-machine/toolchains.sh"

any_alive() {
  local pid
  for pid; do kill -0 "$pid" 2>/dev/null && return 0; done
  return 1
}

# Processes whose root is the chroot: only the ones this run started there.
stop_processes() {
  local signal pid pids
  for signal in TERM KILL; do
    pids=()
    for pid in /proc/[0-9]*; do
      [[ "$(readlink "$pid/root" 2>/dev/null)" == "$root" ]] && pids+=("${pid#/proc/}")
    done
    ((${#pids[@]})) || return 0
    say "sending $signal to what still runs in the root: ${pids[*]}"
    kill "-$signal" "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 100); do
      any_alive "${pids[@]}" || break
      sleep 0.3
    done
  done
}

mounts_in_root() { awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts; }

# Deepest first; deletes nothing while any mount remains (a bound /dev or toolchain would go with it).
unmount_and_remove() {
  local point
  while read -r point; do umount -l "$point" || true; done < <(mounts_in_root | sort -r)
  [[ -z "$(mounts_in_root)" ]] || { say "mounts remain under $root; not deleting it"; return 1; }
  [[ "${1:-}" == keep ]] && { say "kept $root"; return 0; }
  rm -rf --one-file-system "$root" "$work/upper"
}

cleanup() {
  stop_processes
  unmount_and_remove "$([[ "$keep" == yes ]] && echo keep)"
}

base_tar() {
  [[ -f "$work/base.tar" ]] && return 0
  say "building the Debian base with mmdebstrap (a few minutes)"
  local sources=/etc/apt/sources.list
  [[ -s "$sources" ]] || sources=$(ls /etc/apt/sources.list.d/*.sources | head -n 1)
  nice -n 10 mmdebstrap --variant=minbase --format=tar --include="$(toolchain_libraries | paste -sd,)" bookworm \
    "$work/base.tar.part" "$sources"
  mv "$work/base.tar.part" "$work/base.tar"
}

mkdir -p "$work"
exec > >(tee "$work/run.log") 2>&1
trap cleanup EXIT
trap 'exit 130' INT TERM
base_tar
[[ -e "$root" ]] && { say "removing the root of an earlier run"; unmount_and_remove; }
mkdir -p "$root"
tar -xf "$work/base.tar" -C "$root"
# A chroot is no booted machine: packages must not start their services (Apache on port 80).
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
# The machine's network comes with it: its DNS and host names (mariadb-install-db looks up
# localhost), and the certificate authorities it trusts beyond Debian's (ca-certificates, which
# setup installs, adds them) with the variables that name the bundle.
cp /etc/resolv.conf /etc/hosts "$root/etc/"
mkdir -p "$root/usr/local/share/ca-certificates"
cp -a /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
ca_env=()
for name in SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE REQUESTS_CA_BUNDLE PIP_CERT NODE_EXTRA_CA_CERTS; do
  [[ -n "${!name:-}" ]] && ca_env+=("$name=${!name}")
done
git clone -q --no-checkout "$repo" "$root/root/strata"
git -C "$root/root/strata" checkout -q --detach "$(git -C "$repo" rev-parse HEAD)"
say "clone of $(git -C "$repo" log --oneline -1 | cut -c1-80)"

mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
mount_toolchains

say "running scripts/test.sh ${stages[*]} in the root"
started=$(date +%s)
status=0
env -i HOME=/root LANG=C.UTF-8 $(toolchain_env) "${ca_env[@]}" TERM="${TERM:-dumb}" PATH="$(toolchain_path):/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  STRATA_FALKORDB_PORT="${STRATA_FALKORDB_PORT:-6390}" STRATA_OXIGRAPH_PORT="${STRATA_OXIGRAPH_PORT:-7878}" \
  STRATA_MEDIAWIKI_PORT="${STRATA_MEDIAWIKI_PORT:-8950}" \
  nice -n 10 chroot "$root" /bin/bash -c 'cd /root/strata && scripts/test.sh "$@"' test "${stages[@]}" || status=$?
say "scripts/test.sh ${stages[*]} exited with $status after $((($(date +%s) - started) / 60)) min"
exit $status
