<?php
/**
 * The folder that keeps the precompiled module (machine code this process will run), trusted only
 * when no one but this process's user can change what is in it: the folder must be owned by that
 * user and not writable by others. Each file is sealed with a keyed hash (HMAC-SHA-256), kept beside
 * it in `FILE.seal`, whose key lives in the folder, readable by that user only, so a file this bridge
 * did not write is never deserialized (docs/mediawiki.md, "The precompiled module"). The module file
 * itself holds wasmtime's bytes only, so wasmtime maps it instead of PHP reading it.
 *
 * Reading and hashing the 9 MB file took three quarters of a MediaWiki list request, in every
 * request (PHP keeps nothing between requests). So a file that verified is remembered in APCu, where
 * the server has it, by its identity (device, inode, size, modification and change time): a later
 * process trusts the same unchanged file without hashing it. Any write to the file, or a file put in
 * its place, changes its change time (which no user can set) or its inode, and it is hashed again
 * (a file is remembered only once its change time is two seconds old: times have whole seconds).
 * APCu is shared by the server's PHP processes only, which run as the folder's owner and could
 * write the folder anyway.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class ModuleCache
{
    private const KEY_FILE = 'strata-cache.key';
    private const MAGIC = "strata-cwasm-1\n";
    private const MAC_BYTES = 32;
    private const SEAL = '.seal';
    private const APCU_PREFIX = 'strata-cwasm-verified:';

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

    /** $file when its seal verifies; null for a missing, damaged or foreign file. */
    public function verified(string $file): ?string
    {
        clearstatcache(true, $file);
        $stat = @stat($file);
        if ($stat === false) {
            return null;
        }
        $identity = self::APCU_PREFIX
            . hash('sha256', implode(':', [$this->dir, $file, $stat['dev'], $stat['ino'], $stat['size'], $stat['mtime'], $stat['ctime']]));
        $remember = function_exists('apcu_enabled') && apcu_enabled();
        if ($remember && apcu_fetch($identity) === true) {
            return $file;
        }
        $seal = @file_get_contents($file . self::SEAL);
        $payload = @file_get_contents($file);
        $sealed = $seal !== false && $payload !== false && strlen($seal) === strlen(self::MAGIC) + self::MAC_BYTES
            && str_starts_with($seal, self::MAGIC) && hash_equals($this->mac($payload), substr($seal, strlen(self::MAGIC)));
        if (!$sealed) {
            return null;
        }
        // Times have whole seconds: a file changed in the second it was verified would keep its
        // identity, so only a file unchanged for two seconds is remembered.
        if ($remember && $stat['ctime'] < time() - 1) {
            apcu_store($identity, true);
        }
        return $file;
    }

    /**
     * Writes $payload and its seal, each beside its final name and then renamed, so readers never see
     * half a file; then removes the other module files, so that rebuilding does not fill the folder.
     */
    public function write(string $file, string $payload): void
    {
        $written = self::writeFile($file . self::SEAL, self::MAGIC . $this->mac($payload)) && self::writeFile($file, $payload);
        if ($written) {
            foreach (glob("$this->dir/strata-*.cwasm*") ?: [] as $old) {
                if ($old !== $file && $old !== $file . self::SEAL) {
                    @unlink($old);
                }
            }
        }
    }

    private static function writeFile(string $file, string $bytes): bool
    {
        $tmp = $file . '.' . getmypid() . '.tmp';
        $done = @file_put_contents($tmp, $bytes) === strlen($bytes) && @chmod($tmp, 0600) && @rename($tmp, $file);
        @unlink($tmp);
        return $done;
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
