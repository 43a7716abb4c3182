#!/usr/bin/env bash
# A MediaWiki with the Strata extension, set up and served from one folder (docs/mediawiki.md).
#
#   scripts/mediawiki.sh start [--empty] [--no-stores] [--script-path /w] DIR PORT [sqlite|mariadb]
#       Installs what is missing (Debian's MediaWiki, Apache with mod_php, MariaDB when asked; the
#       Python packages of scripts/requirements.txt), sets up a wiki in DIR on first use and imports
#       the example wiki (examples/wiki) into it unless --empty is given, starts its stores (none
#       with --no-stores) and Apache on 127.0.0.1:PORT, and returns once the wiki answers.
#       The database kind, the stores and the script path are fixed when DIR is first set up (default
#       sqlite, the wiki at the server's root; with --script-path /w its scripts are under /w/ and
#       its pages at /w/index.php/Title, MediaWiki's own default for that layout).
#   scripts/mediawiki.sh botpassword DIR [--grants=GRANT,...] USER [GROUP ...]
#       Creates USER if missing, adds it to the groups, and prints a new bot password's login name
#       (USER@...) and password on two lines. The bot password has every grant the wiki knows, or
#       only the grants given.
#   scripts/mediawiki.sh user DIR USER [GROUP ...]
#       Creates USER if missing, adds it to the groups, gives it a new password and prints that
#       password (for logging in through Special:UserLogin, as the browser tests do).
#   scripts/mediawiki.sh stop DIR
#       Stops what `start` (or `start-cluster`) started for DIR (Apache, MariaDB, the stores), by
#       their recorded PIDs.
#   scripts/mediawiki.sh kill DIR
#       Kills Apache and its workers with SIGKILL, as a crash would (for crash tests; start again after).
#   scripts/mediawiki.sh start-cluster DIR PORT
#       An empty MariaDB wiki on several servers, all on loopback (scripts/mediawiki/cluster.sh): app
#       servers on PORT and PORT+1, a MariaDB replica, memcached, a FalkorDB replica; PORT to PORT+7.
#   scripts/mediawiki.sh stop-cluster DIR
#       Stops what start-cluster started for DIR, by their recorded PIDs.
#   scripts/mediawiki.sh replica DIR stop|start
#       Stops or starts the cluster's MariaDB replica alone (start waits until it caught up).
#
# Stores: FalkorDB on STRATA_FALKORDB_PORT (default PORT+1) and Oxigraph on STRATA_OXIGRAPH_PORT
# (default PORT+2), data under DIR/stores. Nothing under /etc is read or written: Apache runs from
# DIR/apache/httpd.conf, MediaWiki reads DIR/LocalSettings.php (MW_CONFIG_FILE), MariaDB keeps its
# data in DIR/mariadb and listens on a socket in DIR/run only.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mw_code=/usr/share/mediawiki
say() { printf '\033[1m[mediawiki]\033[0m %s\n' "$*" >&2; }
usage() { sed -n '3,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

source "$repo/scripts/mediawiki/pids.sh"
source "$repo/scripts/mediawiki/code.sh"
source "$repo/scripts/mediawiki/install.sh"
source "$repo/scripts/mediawiki/apache.sh"
source "$repo/scripts/mediawiki/mariadb.sh"
source "$repo/scripts/mediawiki/stores.sh"
source "$repo/scripts/mediawiki/wiki.sh"
source "$repo/scripts/mediawiki/cluster.sh"

absolute() { mkdir -p "$1" && (cd "$1" && pwd); }

# Reads the port and database kind recorded when DIR was set up.
load_recorded() {
  [[ -f "$dir/wiki.env" ]] || { echo "no wiki in $dir (run start first)" >&2; exit 1; }
  stores=yes # a wiki set up before --no-stores existed has its stores
  source "$dir/wiki.env"
}

wait_for_wiki() {
  for _ in $(seq 1 300); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port${script_path:-}/api.php?action=query&meta=siteinfo&format=json" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "the wiki did not answer on port $port; logs in $dir/logs" >&2
  return 1
}

cmd_start() {
  local examples=yes
  stores=yes
  script_path=
  while [[ "${1:-}" == --* ]]; do
    case $1 in
      --empty) examples=no ;;
      --no-stores) stores=no ;;
      --script-path) script_path=${2:-}; shift ;;
      *) usage ;;
    esac
    shift
  done
  [[ -z "$script_path" || "$script_path" =~ ^(/[A-Za-z0-9_-]+)+$ ]] || { echo "--script-path must look like /w" >&2; exit 2; }
  [[ $# -ge 2 && $# -le 3 ]] || usage
  dir=$(absolute "$1")
  port=$2
  db=${3:-sqlite}
  [[ "$port" =~ ^[0-9]+$ ]] || { echo "PORT must be a number" >&2; exit 2; }
  [[ "$db" == sqlite || "$db" == mariadb ]] || usage
  if [[ -f "$dir/wiki.env" ]]; then
    local asked=$db
    source "$dir/wiki.env"
    [[ "${cluster:-}" != yes ]] || { echo "$dir holds a cluster (use start-cluster)" >&2; exit 1; }
    [[ "$asked" == "$db" ]] || say "$dir was set up with $db; using $db"
    port=$2
  fi
  falkordb_port=${STRATA_FALKORDB_PORT:-${falkordb_port:-$((port + 1))}}
  oxigraph_port=${STRATA_OXIGRAPH_PORT:-${oxigraph_port:-$((port + 2))}}
  install_missing "$db"
  # A start that fails half-way stops what it started, so nothing is left running without wiki.env.
  trap 'status=$?; if [[ $status != 0 ]]; then say "start failed; stopping what it started for $dir"; stop_all; fi' EXIT
  chmod 755 "$dir"
  code_sync
  [[ "$db" == mariadb ]] && mariadb_start
  stores_start
  if [[ ! -f "$dir/wiki.env" ]]; then
    say "setting up a $db wiki in $dir"
    wiki_install
    [[ "$examples" == yes ]] && wiki_import_examples
    printf 'db=%s\nport=%s\nstores=%s\nfalkordb_port=%s\noxigraph_port=%s\nscript_path=%s\n' "$db" "$port" "$stores" "$falkordb_port" "$oxigraph_port" "$script_path" >"$dir/wiki.env"
  fi
  wiki_localisation
  wiki_ffi_header
  apache_start
  wait_for_wiki
  trap - EXIT
  say "MediaWiki with Strata on http://127.0.0.1:$port$script_path ($db; Admin's password in $dir/admin-password)"
}

cmd_botpassword() {
  [[ $# -ge 2 ]] || usage
  dir=$(absolute "$1")
  shift
  local only_grants=
  [[ "$1" == --grants=* ]] && { only_grants=${1#--grants=}; shift; }
  [[ $# -ge 1 ]] || usage
  local user=$1
  shift
  load_recorded
  local groups
  groups=$(IFS=,; echo "$*")
  # Without a password only an existing account is accepted (its password stays); else create it.
  mw_maintenance createAndPromote --force ${groups:+--custom-groups="$groups"} "$user" >/dev/null 2>&1 ||
    mw_maintenance createAndPromote --force ${groups:+--custom-groups="$groups"} "$user" "$(wiki_secret)" >/dev/null
  local app password grants
  app="b$(date +%s%N | tail -c 9)"
  password=$(wiki_secret)
  grants=${only_grants:-$(mw_maintenance createBotPassword --showgrants | awk 'NR > 1 { print $1 }' | paste -sd,)}
  mw_maintenance createBotPassword --appid="$app" --grants="$grants" "$user" "$password" >/dev/null
  printf '%s@%s\n%s\n' "$user" "$app" "$password"
}

cmd_user() {
  [[ $# -ge 2 ]] || usage
  dir=$(absolute "$1")
  local user=$2 groups password
  shift 2
  load_recorded
  groups=$(IFS=,; echo "$*")
  password=$(wiki_secret)
  mw_maintenance createAndPromote --force ${groups:+--custom-groups="$groups"} "$user" "$password" >/dev/null
  printf '%s\n' "$password"
}

stop_all() {
  apache_stop
  mariadb_stop
  stores_stop
}

cmd_stop() {
  [[ $# -eq 1 ]] || usage
  dir=$(absolute "$1")
  load_recorded
  if [[ "${cluster:-}" == yes ]]; then
    cluster_ports
    cluster_stop_all
  else
    stop_all
  fi
  say "stopped what runs for $dir"
}

cmd_kill() {
  [[ $# -eq 1 ]] || usage
  dir=$(absolute "$1")
  load_recorded
  apache_kill
}

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  botpassword) shift; cmd_botpassword "$@" ;;
  user) shift; cmd_user "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  kill) shift; cmd_kill "$@" ;;
  start-cluster) shift; cmd_start_cluster "$@" ;;
  stop-cluster) shift; cmd_stop "$@" ;;
  replica) shift; cmd_replica "$@" ;;
  *) usage ;;
esac
