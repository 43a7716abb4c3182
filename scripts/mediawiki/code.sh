# The code the wiki runs, in the wiki's own folder so that Apache's user (www-data) reads it from there
# and never needs to read the checkout (which may be private, e.g. in a 0700 folder): DIR/w, a link
# farm of Debian's MediaWiki (one symbolic link per entry of /usr/share/mediawiki and of its
# extensions-core/ and extensions/) whose `extensions/Strata` is the extension folder as an operator installs it, laid out
# by scripts/dist.sh (the one script that assembles it, also for `make dist`). Apache serves DIR/w, so
# `$wgExtensionAssetsPath` reaches the folder's static files. Every `start` lays the folder out again
# from the checkout's build. Sourced by scripts/mediawiki.sh, which sets `dir`, `repo` and `mw_code`.

code_dir() { echo "$dir/w"; }
extension_dir() { echo "$dir/w/extensions/Strata"; }

code_sync() {
  local code entry
  code=$(code_dir)
  mkdir -p "$code/extensions"
  for entry in "$mw_code"/*; do
    case $(basename "$entry") in extensions | LocalSettings.php) continue ;; esac
    ln -sfn "$entry" "$code/$(basename "$entry")"
  done
  # Debian ships its bundled extensions in extensions-core/ for an operator to link into extensions/.
  for entry in "$mw_code"/extensions-core/* "$mw_code"/extensions/*; do
    [[ -e "$entry" && $(basename "$entry") != Strata ]] && ln -sfn "$entry" "$code/extensions/$(basename "$entry")"
  done
  "$repo/scripts/dist.sh" layout "$(extension_dir)"
  # Test wikis only: the settings their tests need (an edit filter, a newbie group), never shipped.
  install -m 0644 "$repo/tests/mediawiki/support/test_wiki_settings.php" "$code/test_wiki_settings.php"
  chmod a+rx "$code" "$code/extensions"
}
