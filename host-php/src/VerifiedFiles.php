<?php
/**
 * Files this bridge has already checked (a sealed precompiled module, the wasmtime library's version),
 * remembered in APCu by their identity, so that the other PHP processes of one server skip a check that
 * would cost every request as much as the request itself (reading and hashing 9 MB of machine code,
 * compiling an empty module). The identity is the file's path, device, inode, size, modification and
 * change times: a file changed in place or replaced no longer matches, and nobody but root can set a
 * change time. APCu is written only by the server's own processes, which may write the cache folder
 * anyway, so a remembered check is as good as the check. Without APCu (the command line by default)
 * nothing is remembered and every process checks.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class VerifiedFiles
{
    private const PREFIX = 'strata-bridge-verified:';

    /** Whether a shared memo is usable in this process. */
    public static function available(): bool
    {
        return function_exists('apcu_enabled') && apcu_enabled();
    }

    /** What was remembered for $path under $purpose (null: nothing, or the file changed since). */
    public static function recall(string $purpose, string $path): ?string
    {
        $key = self::key($purpose, $path);
        if ($key === null) {
            return null;
        }
        $value = apcu_fetch($key, $found);
        return $found && is_string($value) ? $value : null;
    }

    /** Remembers $value for $path as it is now under $purpose. */
    public static function remember(string $purpose, string $path, string $value): void
    {
        $key = self::key($purpose, $path);
        if ($key !== null) {
            apcu_store($key, $value);
        }
    }

    /** The memo's key for the file as it is now; null without APCu or without the file. */
    private static function key(string $purpose, string $path): ?string
    {
        if (!self::available()) {
            return null;
        }
        clearstatcache(true, $path);
        $stat = @stat($path);
        if ($stat === false) {
            return null;
        }
        $identity = [$purpose, realpath($path), $stat['dev'], $stat['ino'], $stat['size'], $stat['mtime'], $stat['ctime']];
        return self::PREFIX . hash('sha256', implode("\0", $identity));
    }
}
