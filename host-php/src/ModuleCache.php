<?php
/**
 * The folder that keeps the precompiled module (machine code this process will run), trusted only
 * when no one but this process's user can change what is in it: the folder must be owned by that
 * user and not writable by others. Each file is sealed with a keyed hash (HMAC-SHA-256) whose key
 * lives in the folder, readable by that user only, so a file this bridge did not write is never
 * deserialized (docs/mediawiki.md, "The precompiled module"). The seal is a file of its own beside the
 * module (`FILE.seal`), so that a module whose seal this server's processes already verified
 * (`VerifiedFiles`) is mapped by wasmtime from its file without being read and hashed again.
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

    /** The payload of $file when its seal verifies (remembered for `remembered`); null for a missing, damaged or foreign file. */
    public function read(string $file): ?string
    {
        $mac = $this->seal($file);
        $payload = $mac === null ? false : @file_get_contents($file);
        if ($payload === false || !hash_equals($this->mac($payload), $mac)) {
            return null;
        }
        VerifiedFiles::remember(self::MAGIC, $file, bin2hex($mac));
        return $payload;
    }

    /** Whether this server's processes verified $file, as it is now, with the seal it has now. */
    public function remembered(string $file): bool
    {
        $mac = $this->seal($file);
        return $mac !== null && VerifiedFiles::recall(self::MAGIC, $file) === bin2hex($mac);
    }

    /** The keyed hash in $file's seal, or null. */
    private function seal(string $file): ?string
    {
        $seal = @file_get_contents("$file.seal");
        $head = strlen(self::MAGIC);
        if ($seal === false || strlen($seal) !== $head + self::MAC_BYTES || !str_starts_with($seal, self::MAGIC)) {
            return null;
        }
        return substr($seal, $head);
    }

    /**
     * Writes $payload and then its seal, each beside its final name and renamed, so readers never see
     * half a file (a reader between the two renames finds the old seal, and compiles again); then
     * removes the other module files, so that rebuilding does not fill the folder.
     */
    public function write(string $file, string $payload): void
    {
        $written = true;
        foreach ([$file => $payload, "$file.seal" => self::MAGIC . $this->mac($payload)] as $path => $bytes) {
            $tmp = $path . '.' . getmypid() . '.tmp';
            $written = $written && @file_put_contents($tmp, $bytes) === strlen($bytes) && @chmod($tmp, 0600) && @rename($tmp, $path);
            @unlink($tmp);
        }
        if ($written) {
            foreach (glob("$this->dir/strata-*.cwasm*") ?: [] as $old) {
                if ($old !== $file && $old !== "$file.seal") {
                    @unlink($old);
                }
            }
        }
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
