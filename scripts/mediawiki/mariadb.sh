# MariaDB for one test wiki: Debian's mariadbd as its own process, data in DIR/mariadb, reachable only
# through a Unix socket in DIR/run (no TCP port). Sourced by scripts/mediawiki.sh, which sets `dir`.
# STRATA_MARIADB_BUFFER_POOL sizes InnoDB's buffer pool (default 128M, enough for test wikis; the
# million-Subject run, scripts/bench/mediawiki-million.sh, gives it more).

mariadb_socket() { echo "$dir/run/mysqld.sock"; }
mariadb_pid_file() { echo "$dir/run/mariadb.pid"; }

mariadb_answers() {
  mariadb-admin --no-defaults --socket="$(mariadb_socket)" --user=root ping >/dev/null 2>&1
}

mariadb_start() {
  running_pid "$(mariadb_pid_file)" >/dev/null && return 0
  mkdir -p "$dir/run" "$dir/logs"
  chmod 755 "$dir/run"
  chown mysql:mysql "$dir/run"
  # Sort and temporary tables in a folder of its own: /tmp is shared, and cleaning it broke queries.
  mkdir -p "$dir/run/tmp"
  chown mysql:mysql "$dir/run/tmp"
  if [[ ! -d "$dir/mariadb/mysql" ]]; then
    mkdir -p "$dir/mariadb"
    chown mysql:mysql "$dir/mariadb"
    mariadb-install-db --no-defaults --datadir="$dir/mariadb" --user=mysql \
      --auth-root-authentication-method=socket --skip-test-db >"$dir/logs/mariadb-install.log" 2>&1 \
      || { cat "$dir/logs/mariadb-install.log" >&2; return 1; }
  fi
  touch "$dir/logs/mariadb.log"
  chown mysql:mysql "$dir/logs/mariadb.log"
  /usr/sbin/mariadbd --no-defaults --datadir="$dir/mariadb" --socket="$(mariadb_socket)" \
    --pid-file="$dir/run/mariadbd.pid" --tmpdir="$dir/run/tmp" --skip-networking --user=mysql \
    --log-error="$dir/logs/mariadb.log" --innodb-buffer-pool-size="${STRATA_MARIADB_BUFFER_POOL:-128M}" \
    --innodb-flush-log-at-trx-commit=1 --max-connections=200 --character-set-server=binary \
    >/dev/null 2>&1 &
  echo $! >"$(mariadb_pid_file)"
  # Up to two minutes: on a loaded machine MariaDB's first start (InnoDB files) takes well over 30 s.
  for _ in $(seq 1 1200); do
    mariadb_answers && return 0
    running_pid "$(mariadb_pid_file)" >/dev/null || break
    sleep 0.1
  done
  echo "MariaDB did not start; log: $dir/logs/mariadb.log" >&2
  tail -n 20 "$dir/logs/mariadb.log" >&2
  return 1
}

# Creates the wiki's database afresh and its account; prints nothing.
mariadb_create_wiki_db() {
  local password=$1
  mariadb --no-defaults --socket="$(mariadb_socket)" --user=root <<SQL
DROP DATABASE IF EXISTS wiki;
CREATE DATABASE wiki;
CREATE OR REPLACE USER 'wiki'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON wiki.* TO 'wiki'@'localhost';
SQL
}

mariadb_stop() { stop_pid "$(mariadb_pid_file)"; }
