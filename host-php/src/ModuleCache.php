<?php
/**
 * The folder that keeps the precompiled module (machine code this process will run), trusted only
 * when no one but this process's user can change what is in it: the folder must be owned by that
 * user and not writable by others. Each file is sealed with a keyed hash (HMAC-SHA-256) whose key
 * lives in the folder, readable by that user only, so a file this bridge did not write is never
 * deserialized (docs/mediawiki.md, "The precompiled module").
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class ModuleCache
{
    private const KEY_FILE = 'strata-cache.key';
    private const MAGIC = "strata-cwasm-1\n";
    private const MAC_BYTES = 32;

    private function __construct(public readonly string $dir, private readonly string $key)
    {
    }

    /** The folder, created (0700) if missing; refused with a message when someone else could write it. */
    public static function open(string $dir): self
    {
        $dir = rtrim($dir, '/');
        if (!is_dir($dir) && !@mkdir($dir, 0700, true) && !is_dir($dir)) {
            throw new CacheRefused("the module cache folder $dir cannot be created");
        }
        self::requireOwn($dir, 0o022, 'writable by its group or by others');
        return new self($dir, self::key($dir));
    }

    /** The payload of $file when its seal verifies; null for a missing, damaged or foreign file. */
    public function read(string $file): ?string
    {
        $sealed = @file_get_contents($file);
        $head = strlen(self::MAGIC) + self::MAC_BYTES;
        if ($sealed === false || strlen($sealed) < $head || !str_starts_with($sealed, self::MAGIC)) {
            return null;
        }
        $payload = substr($sealed, $head);
        $mac = substr($sealed, strlen(self::MAGIC), self::MAC_BYTES);
        return hash_equals($this->mac($payload), $mac) ? $payload : null;
    }

    /**
     * Seals and writes $payload beside its final name, then renames it, so readers never see half a
     * file; then removes the other module files, so that rebuilding does not fill the folder.
     */
    public function write(string $file, string $payload): void
    {
        $tmp = $file . '.' . getmypid() . '.tmp';
        $sealed = self::MAGIC . $this->mac($payload) . $payload;
        if (@file_put_contents($tmp, $sealed) === strlen($sealed) && @chmod($tmp, 0600) && @rename($tmp, $file)) {
            foreach (glob("$this->dir/strata-*.cwasm") ?: [] as $old) {
                if ($old !== $file) {
                    @unlink($old);
                }
            }
        }
        @unlink($tmp);
    }

    private function mac(string $payload): string
    {
        return hash_hmac('sha256', $payload, $this->key, true);
    }

    /** The folder's key, made on first use; refused when another user owns it or could read it. */
    private static function key(string $dir): string
    {
        $path = "$dir/" . self::KEY_FILE;
        if (!is_file($path)) {
            $tmp = "$path." . getmypid() . '.tmp';
            $old = umask(0077);
            try {
                $made = @file_put_contents($tmp, bin2hex(random_bytes(32))) !== false && @rename($tmp, $path);
            } finally {
                umask($old);
            }
            if (!$made) {
                @unlink($tmp);
                throw new CacheRefused("the module cache key $path cannot be written");
            }
        }
        self::requireOwn($path, 0o077, 'readable or writable by its group or by others');
        $key = @file_get_contents($path);
        if ($key === false || strlen($key) < 32) {
            throw new CacheRefused("the module cache key $path is unreadable or too short: remove it and it is made again");
        }
        return $key;
    }

    /** Throws unless $path is owned by this process's user and has none of the $forbidden mode bits. */
    private static function requireOwn(string $path, int $forbidden, string $what): void
    {
        clearstatcache(true, $path);
        $owner = @fileowner($path);
        $user = function_exists('posix_geteuid') ? posix_geteuid() : getmyuid();
        if ($owner !== $user) {
            throw new CacheRefused("refusing the module cache at $path: it is owned by user $owner, not by this process's user $user; "
                . 'make it the web server user\'s own (or set another folder)');
        }
        if ((fileperms($path) & $forbidden) !== 0) {
            throw new CacheRefused("refusing the module cache at $path: it is $what (mode " . decoct(fileperms($path) & 0o777)
                . '), so someone else could plant machine code; make it writable by its owner only (chmod go-w)');
        }
    }
}
