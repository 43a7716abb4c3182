<?php
/**
 * The bridge for PHP's `opcache.preload`, on servers that keep FFI at its hardened default
 * `ffi.enable=preload` (docs/mediawiki.md, "PHP FFI"). PHP 8.2 then lets only code loaded by the
 * preload script (and the command line) call FFI's API, so this loads every class of the bridge once,
 * at server start; the bridge opens wasmtime's library at run time from those preloaded classes.
 * Nothing here touches MediaWiki, so the server can preload it before any wiki is configured.
 */

declare(strict_types=1);

require_once __DIR__ . '/autoload.php';

foreach (glob(__DIR__ . '/src/*.php') ?: [] as $file) {
    $name = 'Strata\\Bridge\\' . basename($file, '.php');
    class_exists($name) || interface_exists($name) || trait_exists($name) || enum_exists($name);
}
