#!/usr/bin/env bash
# The Debian packages of scripts/packages/debian.txt, by stage (docs/packages.md):
#
#   scripts/packages/debian.sh install STAGE...   installs those of the stages that are missing
#                                                 (one `apt-get update`, then one `apt-get install`)
#   scripts/packages/debian.sh check STAGE...     fails naming every package of the stages whose
#                                                 command, file, PHP extension or module is missing
#
# STRATA_DEBIAN_PACKAGES names another declaration file (for this script's own tests).
set -euo pipefail
list=${STRATA_DEBIAN_PACKAGES:-"$(dirname "$0")/debian.txt"}

# True when what one PROVIDES word names is there.
provided() {
  case $1 in
    # grep reads the whole list (no -q): under pipefail, php killed by an early-closed pipe would
    # turn a present extension into a missing one.
    php:*) command -v php >/dev/null && php -m 2>/dev/null | grep -ixF "${1#php:}" >/dev/null ;;
    py:*) python3 -c "import ${1#py:}" 2>/dev/null ;;
    /*) [[ -e $1 ]] ;;
    *) command -v "$1" >/dev/null ;;
  esac
}

# Prints "STAGE PACKAGE WHAT" for the first missing PROVIDES word of each declared package of the stages.
missing() {
  local stage package what
  while read -r stage package what; do
    [[ -z "$stage" || "$stage" == \#* ]] && continue
    [[ " $* " == *" $stage "* ]] || continue
    for what in $what; do
      provided "$what" || { echo "$stage $package $what"; break; }
    done
  done <"$list"
}

install() {
  local need
  need=$(missing "$@" | awk '$2 != "-" { print $2 }' | sort -u)
  [[ -n "$need" ]] || return 0
  printf '\033[1m[setup]\033[0m installing Debian packages: %s\n' "$(echo $need)" >&2
  local sudo=() apt=(apt-get -o DPkg::Lock::Timeout=600 -qq)
  [[ "$(id -u)" == 0 ]] || sudo=(sudo)
  "${sudo[@]}" "${apt[@]}" update
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" "${apt[@]}" install -y --no-install-recommends $need >/dev/null
}

check() {
  local gaps stage package what status=0
  gaps=$(missing "$@")
  while read -r stage package what; do
    [[ -n "$stage" ]] || continue
    status=1
    if [[ "$package" == - ]]; then
      echo "stage $stage: missing $what, a prerequisite setup does not install (README.md)" >&2
    else
      echo "stage $stage: missing $what, from the Debian package $package (scripts/packages/debian.txt)" >&2
    fi
  done <<<"$gaps"
  return $status
}

case ${1:-} in
  install | check) "$@" ;;
  *) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
