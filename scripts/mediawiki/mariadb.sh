# MariaDB for one test wiki: Debian's mariadbd as its own process, data in DIR/mariadb, reachable only
# through a Unix socket in DIR/run (no TCP port). A cluster (scripts/mediawiki/cluster.sh) runs a
# second one, its replica: each function takes the instance as an optional first argument (empty: the
# wiki's own server, `replica`: the replica, data in DIR/mariadb-replica). Sourced by
# scripts/mediawiki.sh, which sets `dir`.
# STRATA_MARIADB_BUFFER_POOL sizes InnoDB's buffer pool (default 128M, enough for test wikis; the
# million-Subject run, scripts/bench/mediawiki-million.sh, gives it more).

mariadb_socket() { echo "$dir/run/mysqld${1:+-$1}.sock"; }
mariadb_pid_file() { echo "$dir/run/mariadb${1:+-$1}.pid"; }
mariadb_data() { echo "$dir/mariadb${1:+-$1}"; }

mariadb_answers() {
  mariadb-admin --no-defaults --socket="$(mariadb_socket "${1:-}")" --user=root ping >/dev/null 2>&1
}

# The SQL on stdin, run as root on the instance $1 (empty: the wiki's own server).
mariadb_root() {
  mariadb --no-defaults --socket="$(mariadb_socket "${1:-}")" --user=root "${@:2}"
}

# mariadb_start [INSTANCE [MARIADBD OPTION...]]: the options replace --skip-networking (a cluster's
# servers listen on a loopback port for replication and log their changes).
mariadb_start() {
  local instance=${1:-} options=("${@:2}") data
  ((${#options[@]})) || options=(--skip-networking)
  data=$(mariadb_data "$instance")
  running_pid "$(mariadb_pid_file "$instance")" >/dev/null && return 0
  mkdir -p "$dir/run" "$dir/logs"
  chmod 755 "$dir/run"
  chown mysql:mysql "$dir/run"
  # Sort and temporary tables in a folder of its own: /tmp is shared, and cleaning it broke queries.
  local tmp="$dir/run/tmp${instance:+-$instance}"
  mkdir -p "$tmp"
  chown mysql:mysql "$tmp"
  if [[ ! -d "$data/mysql" ]]; then
    mkdir -p "$data"
    chown mysql:mysql "$data"
    mariadb-install-db --no-defaults --datadir="$data" --user=mysql \
      --auth-root-authentication-method=socket --skip-test-db >"$dir/logs/mariadb${instance:+-$instance}-install.log" 2>&1 \
      || { cat "$dir/logs/mariadb${instance:+-$instance}-install.log" >&2; return 1; }
  fi
  local log="$dir/logs/mariadb${instance:+-$instance}.log"
  touch "$log"
  chown mysql:mysql "$log"
  /usr/sbin/mariadbd --no-defaults --datadir="$data" --socket="$(mariadb_socket "$instance")" \
    --pid-file="$dir/run/mariadbd${instance:+-$instance}.pid" --tmpdir="$tmp" --user=mysql "${options[@]}" \
    --log-error="$log" --innodb-buffer-pool-size="${STRATA_MARIADB_BUFFER_POOL:-128M}" \
    --innodb-flush-log-at-trx-commit=1 --max-connections=200 --character-set-server=binary \
    >/dev/null 2>&1 &
  echo $! >"$(mariadb_pid_file "$instance")"
  # Up to two minutes: on a loaded machine MariaDB's first start (InnoDB files) takes well over 30 s.
  for _ in $(seq 1 1200); do
    mariadb_answers "$instance" && return 0
    running_pid "$(mariadb_pid_file "$instance")" >/dev/null || break
    sleep 0.1
  done
  echo "MariaDB did not start; log: $log" >&2
  tail -n 20 "$log" >&2
  return 1
}

# Creates the wiki's database afresh and its account; prints nothing.
mariadb_create_wiki_db() {
  local password=$1
  mariadb_root <<SQL
DROP DATABASE IF EXISTS wiki;
CREATE DATABASE wiki;
CREATE OR REPLACE USER 'wiki'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON wiki.* TO 'wiki'@'localhost';
SQL
}

mariadb_stop() { stop_pid "$(mariadb_pid_file "${1:-}")"; }
