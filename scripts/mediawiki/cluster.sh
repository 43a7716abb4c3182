# A Strata MediaWiki on several servers, all on loopback (docs/scale-out.md, "The cluster on one
# machine"): two Apache app servers with one LocalSettings.php, a MariaDB primary and its replica
# (MariaDB's own replication, by GTID), memcached for sessions, the object cache and chronology
# protection, FalkorDB with a replica (`replicaof`) that answers the Cypher endpoint, and the Oxigraph
# server. Ports from PORT: the app servers PORT and PORT+1, FalkorDB PORT+2 and its replica PORT+3,
# Oxigraph PORT+4, MariaDB PORT+5 and its replica PORT+6 (replication only: the wiki reaches both
# through their sockets), memcached PORT+7. Sourced by scripts/mediawiki.sh, which sets `dir`, `repo`.

cluster_ports() {
  falkordb_port=$((port + 2))
  falkordb_replica_port=$((port + 3))
  oxigraph_port=$((port + 4))
  mariadb_port=$((port + 5))
  mariadb_replica_port=$((port + 6))
  memcached_port=$((port + 7))
}

# The MariaDB primary logs every change by row with GTIDs, for its replica and for MediaWiki's
# chronology protection (which waits for a GTID position on the replica).
cluster_primary_start() {
  mariadb_start "" --port="$mariadb_port" --bind-address=127.0.0.1 --skip-name-resolve --server-id=1 \
    --log-bin=mariadb-bin --binlog-format=ROW --gtid-strict-mode=1
}

cluster_replica_start() {
  mariadb_start replica --port="$mariadb_replica_port" --bind-address=127.0.0.1 --skip-name-resolve \
    --server-id=2 --read-only=1 --relay-log=relay-bin --gtid-strict-mode=1
}

# First setup only: an account for replication and the rights MediaWiki's load balancer uses to read
# the replica's lag (SHOW SLAVE STATUS) and the primary's position; then the replica follows the
# primary from its first binlog event (the wiki's database included) and is waited for.
cluster_replication_setup() {
  local password
  password=$(wiki_secret)
  mariadb_root <<SQL
CREATE OR REPLACE USER 'replication'@'127.0.0.1' IDENTIFIED BY '$password';
GRANT REPLICATION SLAVE ON *.* TO 'replication'@'127.0.0.1';
GRANT BINLOG MONITOR, SLAVE MONITOR ON *.* TO 'wiki'@'localhost';
SQL
  cluster_replica_start
  mariadb_root replica <<SQL
CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$mariadb_port, MASTER_USER='replication',
  MASTER_PASSWORD='$password', MASTER_USE_GTID=slave_pos;
START SLAVE;
SQL
  cluster_replica_wait
}

# Waits (up to two minutes) until the replica has applied everything the primary logged so far.
cluster_replica_wait() {
  local position caught
  position=$(mariadb_root "" -N -e 'SELECT @@GLOBAL.gtid_binlog_pos')
  caught=$(mariadb_root replica -N -e "SELECT MASTER_GTID_WAIT('$position', 120)")
  [[ "$caught" == 0 ]] || { echo "the MariaDB replica did not catch up; log: $dir/logs/mariadb-replica.log" >&2; return 1; }
}

cluster_falkordb_replica() {
  STRATA_STORES_DIR="$dir/stores" STRATA_FALKORDB_PORT="$falkordb_replica_port" STRATA_FALKORDB_REPLICAOF="$falkordb_port" \
    "$repo/scripts/stores/falkordb.sh" "$1" >&2
}

memcached_pid_file() { echo "$dir/run/memcached.pid"; }

memcached_start() {
  running_pid "$(memcached_pid_file)" >/dev/null && return 0
  mkdir -p "$dir/run" "$dir/logs"
  /usr/bin/memcached -l 127.0.0.1 -p "$memcached_port" -U 0 -m 64 -u memcache >"$dir/logs/memcached.log" 2>&1 &
  echo $! >"$(memcached_pid_file)"
  for _ in $(seq 1 100); do
    { exec 3<>"/dev/tcp/127.0.0.1/$memcached_port"; } 2>/dev/null && { exec 3>&-; return 0; }
    sleep 0.1
  done
  echo "memcached did not answer on port $memcached_port" >&2
  return 1
}

# The part of LocalSettings.php that makes the wiki a cluster. Reads go to the replica (load 100); the
# primary keeps load 1 so that reads fall back to it when the replica is down (MediaWiki never reads
# from a server of load 0). memcached, not the database, holds sessions and the object cache: the
# chronology protector keeps its positions in the object cache and cannot keep them in the database it
# protects (MediaWiki then turns it off). Each app server answers with its own address ($wgServer);
# the canonical one, which Subject IRIs are made from, is the first's.
cluster_append_settings() {
  cat >>"$dir/LocalSettings.php" <<PHP

# ---- Strata cluster (scripts/mediawiki/cluster.sh) ----
\$wgDBservers = [
	[ 'host' => 'localhost:$(mariadb_socket)', 'dbname' => \$wgDBname, 'user' => \$wgDBuser,
		'password' => \$wgDBpassword, 'type' => 'mysql', 'flags' => DBO_DEFAULT, 'load' => 1 ],
	[ 'host' => 'localhost:$(mariadb_socket replica)', 'dbname' => \$wgDBname, 'user' => \$wgDBuser,
		'password' => \$wgDBpassword, 'type' => 'mysql', 'flags' => DBO_DEFAULT, 'load' => 100 ],
];
\$wgMemCachedServers = [ '127.0.0.1:$memcached_port' ];
\$wgMainCacheType = CACHE_MEMCACHED;
\$wgSessionCacheType = CACHE_MEMCACHED;
\$wgCanonicalServer = 'http://127.0.0.1:$port';
if ( PHP_SAPI !== 'cli' ) {
	\$wgServer = WebRequest::detectServer();
}
\$wgStrataStores['graph']['readUrl'] = 'redis://127.0.0.1:$falkordb_replica_port';
PHP
}

cmd_start_cluster() {
  [[ $# -eq 2 ]] || usage
  dir=$(absolute "$1")
  port=$2
  [[ "$port" =~ ^[0-9]+$ ]] || { echo "PORT must be a number" >&2; exit 2; }
  if [[ -f "$dir/wiki.env" ]]; then
    source "$dir/wiki.env"
    [[ "${cluster:-}" == yes ]] || { echo "$dir holds a wiki of one server (use start)" >&2; exit 1; }
    port=$2
  fi
  db=mariadb stores=yes script_path=
  cluster_ports
  install_missing mariadb
  "$repo/scripts/packages/debian.sh" install cluster
  "$repo/scripts/packages/debian.sh" check cluster
  trap 'status=$?; if [[ $status != 0 ]]; then say "start-cluster failed; stopping what it started for $dir"; cluster_stop_all; fi' EXIT
  chmod 755 "$dir"
  code_sync
  cluster_primary_start
  memcached_start
  stores_start
  cluster_falkordb_replica start
  if [[ ! -f "$dir/wiki.env" ]]; then
    say "setting up a cluster wiki in $dir"
    wiki_install
    cluster_append_settings
    cluster_replication_setup
    printf 'db=%s\nport=%s\nstores=%s\nfalkordb_port=%s\noxigraph_port=%s\nscript_path=\ncluster=yes\n' \
      "$db" "$port" "$stores" "$falkordb_port" "$oxigraph_port" >"$dir/wiki.env"
  else
    cluster_replica_start
  fi
  wiki_localisation
  wiki_ffi_header
  app= apache_start
  port=$((port + 1)) app=b apache_start
  wait_for_wiki
  port=$((port + 1)) wait_for_wiki
  trap - EXIT
  say "a Strata cluster on http://127.0.0.1:$port and http://127.0.0.1:$((port + 1)) (Admin's password in $dir/admin-password)"
}

cluster_stop_all() {
  app=b apache_stop
  app= apache_stop
  mariadb_stop replica
  mariadb_stop
  memcached_stop
  cluster_falkordb_replica stop || true
  stores_stop
}

memcached_stop() { stop_pid "$(memcached_pid_file)"; }

# `replica DIR stop|start`: the MariaDB replica alone (the tests' replica outage).
cmd_replica() {
  [[ $# -eq 2 ]] || usage
  dir=$(absolute "$1")
  load_recorded
  cluster_ports
  case $2 in
    stop) mariadb_stop replica ;;
    start) cluster_replica_start && cluster_replica_wait ;;
    *) usage ;;
  esac
}
