<?php
/**
 * The C-ABI module (pkg/cabi/strata.wasm) compiled to machine code once and kept in a trusted folder
 * (`ModuleCache`: the process user's own, sealed with a keyed hash), so that a PHP process loads the
 * precompiled code instead of compiling the module again. The cache file is named after the module's
 * and the wasmtime library's size and modification time and the engine's configuration
 * (`Wasmtime::ENGINE`); a stale, damaged or foreign one is compiled again and replaced; one this
 * server's processes verified before is mapped from its file
 * (`VerifiedFiles`); the engine and module of a precompiled file are kept for the process's next
 * requests (`KeptModules`). Without a folder, or when the folder is refused (`refusal` says why), the
 * module is compiled in memory for this process and nothing is written.
 */

declare(strict_types=1);

namespace Strata\Bridge;

use FFI;
use FFI\CData;

final class CompiledModule
{
    private static array $loaded = [];

    private function __construct(
        public readonly CData $engine,
        public readonly CData $module,
        public readonly ?string $cacheFile,
        public readonly ?string $refusal,
        private readonly string $wasmPath,
        private readonly ?string $cacheDir,
    ) {
    }

    public static function defaultWasmPath(): string
    {
        return dirname(__DIR__, 2) . '/pkg/cabi/strata.wasm';
    }

    /** `$STRATA_PHP_CACHE_DIR`, else `var/cache/host-php` in the project. */
    public static function defaultCacheDir(): string
    {
        $given = getenv('STRATA_PHP_CACHE_DIR');
        return $given !== false && $given !== '' ? $given : dirname(__DIR__, 2) . '/var/cache/host-php';
    }

    /**
     * Loads a module once per process: the precompiled file when it is current and sealed, else
     * compiles it (and stores it). $again loads it on a new engine, which the process keeps from then on.
     */
    public static function load(string $wasmPath, ?string $cacheDir, bool $again = false): self
    {
        $id = $wasmPath . "\0" . $cacheDir;
        if (isset(self::$loaded[$id]) && !$again) {
            return self::$loaded[$id];
        }
        // A module this process kept is taken before the folder is even opened (KeptModules).
        $cacheFile = $cacheDir === null ? null : self::cacheFile($wasmPath, rtrim($cacheDir, '/'));
        $kept = $cacheFile === null || $again ? null : KeptModules::recall($cacheFile);
        if ($kept !== null) {
            return self::$loaded[$id] = new self($kept[0], $kept[1], $cacheFile, null, $wasmPath, $cacheDir);
        }
        try {
            $cache = $cacheDir === null ? null : ModuleCache::open($cacheDir);
        } catch (CacheRefused $e) {
            $engine = Wasmtime::newEngine();
            return self::$loaded[$id] = new self($engine, self::compile($engine, $wasmPath), null, $e->getMessage(), $wasmPath, $cacheDir);
        }
        if ($cache === null) {
            $engine = Wasmtime::newEngine();
            return self::$loaded[$id] = new self($engine, self::compile($engine, $wasmPath), null, null, $wasmPath, $cacheDir);
        }
        $engine = Wasmtime::newEngine();
        $module = self::mapRemembered($engine, $cache, $cacheFile);
        if ($module === null) {
            $payload = $cache->read($cacheFile);
            $module = $payload === null ? null : self::deserialize($engine, $payload);
        }
        if ($module === null) {
            $module = self::compile($engine, $wasmPath);
            $cache->write($cacheFile, Wasmtime::serialize($module));
        }
        KeptModules::keep($cacheFile, $engine, $module);
        return self::$loaded[$id] = new self($engine, $module, $cacheFile, null, $wasmPath, $cacheDir);
    }

    /** The same module loaded on a new engine (and so a new pool of instances: `Wasmtime::newEngine`). */
    public function again(): self
    {
        return self::load($this->wasmPath, $this->cacheDir, true);
    }

    private static function cacheFile(string $wasmPath, string $cacheDir): string
    {
        $stat = @stat($wasmPath);
        if ($stat === false) {
            throw new \RuntimeException("no wasm module at $wasmPath: run scripts/build.sh");
        }
        $lib = @stat(Wasmtime::libraryPath()) ?: ['size' => 0, 'mtime' => 0];
        $key = hash('sha256', implode(':', [realpath($wasmPath), $stat['size'], $stat['mtime'], $lib['size'], $lib['mtime'], Wasmtime::ENGINE]));
        return $cacheDir . '/strata-' . substr($key, 0, 16) . '.cwasm';
    }

    /**
     * A module file this server's processes already verified, mapped by wasmtime from the file (no
     * read, no hash, no copy); null when it is not remembered, or changed while it was being mapped.
     */
    private static function mapRemembered(CData $engine, ModuleCache $cache, string $file): ?CData
    {
        if (!$cache->remembered($file)) {
            return null;
        }
        $ffi = Wasmtime::ffi();
        $module = $ffi->new('wasmtime_module_t*');
        $error = $ffi->wasmtime_module_deserialize_file($engine, $file, FFI::addr($module));
        if (!Wasmtime::isNull($error)) {
            Wasmtime::errorMessage($error);
            return null;
        }
        if (!$cache->remembered($file)) {
            $ffi->wasmtime_module_delete($module);
            return null;
        }
        return $module;
    }

    private static function deserialize(CData $engine, string $bytes): ?CData
    {
        $ffi = Wasmtime::ffi();
        $module = $ffi->new('wasmtime_module_t*');
        $error = $ffi->wasmtime_module_deserialize($engine, $bytes, strlen($bytes), FFI::addr($module));
        if (!Wasmtime::isNull($error)) {
            Wasmtime::errorMessage($error);
            return null;
        }
        return $module;
    }

    private static function compile(CData $engine, string $wasmPath): CData
    {
        $bytes = @file_get_contents($wasmPath);
        if ($bytes === false) {
            throw new \RuntimeException("no wasm module at $wasmPath: run scripts/build.sh");
        }
        return Wasmtime::compile($engine, $bytes, "compiling $wasmPath");
    }
}
