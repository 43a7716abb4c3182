# Apache with mod_php for one test wiki, from a configuration written into the wiki's folder: its own
# Listen line, PID file, logs and lock files; nothing under /etc is read or written. Sourced by
# scripts/mediawiki.sh, which sets `dir`, `port`, `script_path` (empty: the wiki at the root) and `mw_code`.
# A cluster's second app server (scripts/mediawiki/cluster.sh) sets `app` (empty for the first): its
# configuration, PID file, logs and lock files are named after it, and it serves the same code and
# LocalSettings.php.

apache_conf() { echo "$dir/apache${app:+-$app}/httpd.conf"; }
apache_pid_file() { echo "$dir/run/apache${app:+-$app}.pid"; }
apache_run_dir() { echo "$dir/run${app:+/apache-$app}"; }

# PHP's configuration of the wiki's Apache: Debian's php.ini, and `ffi.preload` of the header
# `wiki_ffi_header` wrote (scripts/mediawiki/wiki.sh), when there is one.
apache_write_php_ini() {
  local header="$dir/php/strata-wasmtime.h"
  mkdir -p "$dir/php"
  {
    cat /etc/php/8.2/apache2/php.ini
    [[ -f "$header" ]] && printf '\n; Strata: wasmtime'"'"'s C API declared once, at the start (docs/mediawiki.md, "PHP FFI").\nffi.preload=%s\n' "$header"
  } >"$dir/php/php.ini"
}

# Writes httpd.conf. PHP runs with FFI enabled for the Strata bridge; Apache serves the wiki's link
# farm (scripts/mediawiki/code.sh) and MW_CONFIG_FILE points MediaWiki at the wiki's own
# LocalSettings.php while the code stays Debian's. Encoded slashes reach MediaWiki undecoded, so a
# Subject path holding one gets the core's own 400 answer rather than Apache's 404 page.
apache_write_config() {
  local modules=/usr/lib/apache2/modules
  local conf_dir
  conf_dir=$(dirname "$(apache_conf)")
  mkdir -p "$conf_dir" "$dir/logs" "$(apache_run_dir)"
  apache_write_php_ini
  cat >"$(apache_conf)" <<CONF
ServerRoot "$conf_dir"
ServerName 127.0.0.1
Listen 127.0.0.1:$port
PidFile "$(apache_pid_file)"
Mutex file:$(apache_run_dir) default
DefaultRuntimeDir "$(apache_run_dir)"
ErrorLog "$dir/logs/apache${app:+-$app}-error.log"
LogLevel warn
User www-data
Group www-data

LoadModule mpm_prefork_module $modules/mod_mpm_prefork.so
LoadModule authz_core_module $modules/mod_authz_core.so
LoadModule dir_module $modules/mod_dir.so
LoadModule mime_module $modules/mod_mime.so
LoadModule env_module $modules/mod_env.so
LoadModule alias_module $modules/mod_alias.so
LoadModule proxy_module $modules/mod_proxy.so
LoadModule proxy_http_module $modules/mod_proxy_http.so
LoadModule php_module $modules/libphp8.2.so
PHPINIDir "$dir/php"

StartServers 4
MinSpareServers 4
MaxSpareServers 16
MaxRequestWorkers 32
MaxConnectionsPerChild 2000
KeepAlive On
Timeout 120

TypesConfig /etc/mime.types
LogFormat "%h %t \"%r\" %>s %b %D" timed
CustomLog "$dir/logs/apache${app:+-$app}-access.log" timed

SetEnv MW_CONFIG_FILE "$dir/LocalSettings.php"
SetEnv MW_INSTALL_PATH "$(code_dir)"
DocumentRoot "$(code_dir)"
$( [[ -n "${script_path:-}" ]] && echo "Alias \"$script_path\" \"$(code_dir)\"" )
DirectoryIndex index.php
AddType application/x-httpd-php .php
<Directory />
  AllowOverride None
  Require all denied
</Directory>
<Directory "$(code_dir)">
  Options FollowSymLinks
  Require all granted
</Directory>
<Directory "$(code_dir)/images">
  php_admin_flag engine off
</Directory>
# Subject IRIs (\$base/entity/{id}) dereference through the REST route, by an internal proxy: MediaWiki
# routes REST requests by the URL the client asked for, so a rewrite would not reach it.
AllowEncodedSlashes NoDecode
ProxyPass /entity/ http://127.0.0.1:$port${script_path:-}/rest.php/strata/v0/entity/

php_admin_value ffi.enable 1
php_admin_value memory_limit 512M
php_admin_value max_execution_time 300
CONF
}

apache_start() {
  running_pid "$(apache_pid_file)" >/dev/null && return 0
  apache_write_config
  /usr/sbin/apache2 -f "$(apache_conf)" -k start
}

apache_stop() { stop_pid "$(apache_pid_file)"; }

# SIGKILL to Apache's process group (the daemon leads its own session, its workers are in it), then
# waits until they are gone; requests in flight are cut off as in a crash.
apache_kill() {
  local pid
  pid=$(running_pid "$(apache_pid_file)") || return 0
  kill -KILL -- "-$pid"
  for _ in $(seq 1 300); do
    pgrep -g "$pid" >/dev/null || break
    sleep 0.1
  done
  rm -f "$(apache_pid_file)"
}
