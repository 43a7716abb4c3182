<?php
/**
 * A wasmtime engine and module kept for the life of this PHP process. Under mod_php and php-fpm PHP
 * forgets its objects at the end of every request, but what wasmtime allocated is not PHP's: an
 * engine and a module loaded in one request stay in the process, unused (each request leaked a 9 MB
 * mapping of the precompiled module and an engine: hundreds per Apache worker, and a request's
 * time grew with them). So the first request of a process keeps their addresses in APCu under
 * the process's identity (its PID and start time: a later process with the same PID has another
 * start time) and the file's (`VerifiedFiles`), and the next requests of the process take them
 * from there instead of loading the module again. Nothing else may be kept this way: an instance's
 * imports are PHP closures, which end with their request. APCu is written only by the server's own
 * processes, which could write the module cache anyway (`VerifiedFiles`), so an address found there
 * is as trustworthy as the cache. Without APCu or `/proc/self/stat` nothing is kept.
 */

declare(strict_types=1);

namespace Strata\Bridge;

use FFI\CData;

final class KeptModules
{
    /** This process's identity, read once per request; false where it cannot be read. */
    private static string|false|null $process = null;

    /** `[engine, module]` this process kept for $file as it is now; null when none. */
    public static function recall(string $file): ?array
    {
        $purpose = self::purpose();
        $kept = $purpose === null ? null : VerifiedFiles::recall($purpose, $file);
        if ($kept === null || !preg_match('/^(\d+) (\d+)$/', $kept, $m)) {
            return null;
        }
        $ffi = Wasmtime::ffi();
        return [$ffi->cast('wasm_engine_t*', (int)$m[1]), $ffi->cast('wasmtime_module_t*', (int)$m[2])];
    }

    /** Keeps $engine and $module, loaded from $file, for the next requests of this process; whether it could. */
    public static function keep(string $file, CData $engine, CData $module): bool
    {
        $purpose = self::purpose();
        if ($purpose === null || !VerifiedFiles::available()) {
            return false;
        }
        $address = static fn (CData $pointer) => \FFI::cast('uintptr_t', $pointer)->cdata;
        VerifiedFiles::remember($purpose, $file, $address($engine) . ' ' . $address($module));
        return true;
    }

    /** The memo's purpose for this process: its PID and start time (in clock ticks since boot). */
    private static function purpose(): ?string
    {
        if (self::$process === null) {
            $stat = @file_get_contents('/proc/self/stat');
            // The fields after the command's closing parenthesis; the start time is the 20th of them.
            $fields = $stat === false ? [] : explode(' ', substr($stat, (int)strrpos($stat, ')') + 2));
            self::$process = isset($fields[19]) && ctype_digit($fields[19]) ? getmypid() . ':' . $fields[19] : false;
        }
        return self::$process === false ? null : 'kept-module:' . self::$process;
    }
}
