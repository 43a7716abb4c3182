# Setting up one test wiki in DIR on first use: MediaWiki's installer with DIR as its configuration
# folder, then the Strata settings appended, then update.php for the extension's tables. Sourced by
# scripts/mediawiki.sh, which sets `dir`, `port`, `db`, `script_path`, `repo` and `mw_code`.

mw_php() { MW_CONFIG_FILE="$dir/LocalSettings.php" MW_INSTALL_PATH="$(code_dir)" php -d ffi.enable=1 "$@"; }
mw_maintenance() { (cd "$mw_code" && mw_php "maintenance/$1.php" "${@:2}"); }

wiki_secret() { # a fresh password of 32 hexadecimal digits
  python3 -c 'import secrets; print(secrets.token_hex(16))'
}

wiki_install() {
  local admin_password db_args=()
  admin_password=$(wiki_secret)
  # A setup that stopped half-way left these behind; wiki.env is written only once it finished.
  rm -rf "$dir/LocalSettings.php" "$dir/data" "$dir/cache"
  mkdir -p "$dir/data" "$dir/cache" "$dir/logs"
  if [[ "$db" == mariadb ]]; then
    local db_password
    db_password=$(wiki_secret)
    mariadb_create_wiki_db "$db_password"
    db_args=(--dbtype=mysql --dbserver="localhost:$(mariadb_socket)" --dbname=wiki --dbuser=wiki
      --dbpass="$db_password" --installdbuser=wiki --installdbpass="$db_password")
  else
    db_args=(--dbtype=sqlite --dbpath="$dir/data" --dbname=wiki)
  fi
  (cd "$mw_code" && php maintenance/install.php "${db_args[@]}" --server="http://127.0.0.1:$port" \
    --scriptpath="${script_path:-}" --lang=en --pass="$admin_password" --confpath="$dir" "Strata" Admin) \
    >"$dir/logs/install.log" 2>&1 || { tail -n 30 "$dir/logs/install.log" >&2; return 1; }
  wiki_append_settings
  [[ "$db" == sqlite ]] && wiki_append_sqlite_settings
  wiki_localisation
  # The wiki's own logs exist before anything writes them: a maintenance script run as another user
  # would otherwise create them where the web server cannot append (tests read the Strata log).
  touch "$dir/logs/strata.log" "$dir/logs/exception.log"
  chown -R www-data:www-data "$dir/data" "$dir/cache" "$dir/logs"
  mw_maintenance update --quick >"$dir/logs/update.log" 2>&1 || { tail -n 30 "$dir/logs/update.log" >&2; return 1; }
  [[ "$db" == sqlite ]] && wiki_sqlite_wal
  chown -R www-data:www-data "$dir/data" "$dir/cache" "$dir/logs"
  umask 077
  echo "$admin_password" >"$dir/admin-password"
}

# SQLite has one write lock. MediaWiki's request-wide transaction (DBO_TRX) takes it at a write
# request's first query (BEGIN IMMEDIATE) and keeps it to the end, so parallel REST writers queue for
# whole requests and run past SQLite's 60 s busy timeout. Without it (rest.php only) the lock is held
# only while a save's own transaction commits; api.php and index.php keep MediaWiki's request-wide
# transaction, which a deletion's index removal joins (docs/mediawiki.md, "SQLite").
wiki_append_sqlite_settings() {
  cat >>"$dir/LocalSettings.php" <<'PHP'
if ( defined( 'MW_REST_API' ) ) {
	$wgDBservers = [ [ 'host' => '', 'dbname' => $wgDBname, 'user' => '', 'password' => '', 'type' => 'sqlite',
		'flags' => 0, 'load' => 1 ] ];
}
PHP
}

# SQLite's write-ahead log for every database file of the wiki (the setting stays with the file): a
# commit writes and syncs the log once instead of a rollback journal and the database, and readers
# no longer wait for a writer. Durability is unchanged (MediaWiki keeps SQLite's synchronous = FULL).
# A REST save on SQLite commits several times (the save, then MediaWiki's updates after it, each on
# its own as rest.php has no request-wide transaction), so this is most of a save's time.
wiki_sqlite_wal() {
  local file
  for file in "$dir"/data/*.sqlite; do
    php -r '$db = new PDO("sqlite:" . $argv[1]); if ($db->query("PRAGMA journal_mode = WAL")->fetchColumn() !== "wal") exit(1);' "$file" \
      || { echo "could not switch $file to SQLite's write-ahead log" >&2; return 1; }
  done
}

# The example wiki (examples/wiki) imported through the core by the extension's maintenance script,
# as the wiki's administrator (a sysop, who may edit Mapping pages here).
wiki_import_examples() {
  say "importing the example wiki"
  mw_php "$(extension_dir)/maintenance/importFolder.php" --user Admin "$repo/examples/wiki" >"$dir/logs/import.log" 2>&1 \
    || { tail -n 30 "$dir/logs/import.log" >&2; return 1; }
  chown -R www-data:www-data "$dir/data" "$dir/cache" "$dir/logs"
}

# The localisation cache is rebuilt here rather than checked by every request (manualRecache): each
# `start`, after the code may have changed, rebuilds what is out of date (half a second when nothing is).
wiki_localisation() {
  mw_maintenance rebuildLocalisationCache --lang=en --no-progress >"$dir/logs/localisation.log" 2>&1 \
    || { tail -n 30 "$dir/logs/localisation.log" >&2; return 1; }
  chown -R www-data:www-data "$dir/cache"
}

# The part of LocalSettings.php that makes this a Strata test wiki. The caches are an operator's
# (docs/mediawiki.md, "Configuration for speed"): APCu as the object cache (shared by Apache's
# workers), sessions in the database so that a login outlives a restart of Apache (the crash tests
# restart it), the localisation cache on files, rebuilt by `start` (wiki_localisation).
wiki_append_settings() {
  cat >>"$dir/LocalSettings.php" <<PHP

# ---- Strata test wiki (scripts/mediawiki.sh) ----
\$wgCacheDirectory = '$dir/cache';
\$wgMainCacheType = CACHE_ACCEL;
\$wgSessionCacheType = CACHE_DB;
\$wgLocalisationCacheConf['manualRecache'] = true;
\$wgDebugLogGroups['Strata'] = '$dir/logs/strata.log';
\$wgDebugLogGroups['exception'] = '$dir/logs/exception.log';
\$wgDebugLogGroups['error'] = '$dir/logs/exception.log';
\$wgShowExceptionDetails = true;
\$wgStrataStores = [
PHP
  [[ "$stores" == yes ]] && cat >>"$dir/LocalSettings.php" <<PHP
	'graph' => [ 'type' => 'falkordb', 'url' => 'redis://127.0.0.1:$falkordb_port' ],
	'sparql' => [ 'type' => 'sparql-http', 'url' => 'http://127.0.0.1:$oxigraph_port' ],
PHP
  cat >>"$dir/LocalSettings.php" <<PHP
];
# The link farm's extensions (scripts/mediawiki/code.sh), whichever \$IP a script was started with.
\$wgExtensionDirectory = '$(code_dir)/extensions';
wfLoadExtension( 'Strata' );
# Lua modules (Debian's Scribunto runs /usr/bin/lua5.1), for mw.ext.strata (docs/scripting.md).
wfLoadExtension( 'Scribunto' );
# The wiki's administrators manage Strata here (nobody has these rights by default).
\$wgGroupPermissions['sysop']['strata-admin'] = true;
\$wgGroupPermissions['sysop']['strata-mapping-edit'] = true;
# Test wikis only: a marker-word edit filter and a newbie group (tests/mediawiki/support/test_wiki_settings.php).
require_once '$(code_dir)/test_wiki_settings.php';
PHP
}

# The header of PHP's `ffi.preload` for the wiki's wasmtime library (docs/mediawiki.md, "PHP FFI"),
# written at every start (the library may change with the code); Apache's php.ini names it, so no
# request parses wasmtime's declarations.
wiki_ffi_header() {
  mkdir -p "$dir/php"
  mw_php "$(extension_dir)/maintenance/ffiPreloadHeader.php" --output "$dir/php/strata-wasmtime.h" >"$dir/logs/ffi-header.log" 2>&1 \
    || { tail -n 30 "$dir/logs/ffi-header.log" >&2; return 1; }
}
