<?php
/**
 * The C-ABI module (pkg/cabi/strata.wasm) compiled to machine code once and kept on disk, so that a
 * PHP process maps the precompiled file (wasmtime_module_deserialize_file) instead of compiling the
 * module again. The cache file is named after the module's and the wasmtime library's size and
 * modification time; a stale or unreadable one is compiled again and replaced.
 */

declare(strict_types=1);

namespace Strata\Bridge;

use FFI;
use FFI\CData;

final class CompiledModule
{
    private static array $loaded = [];

    private function __construct(public readonly CData $engine, public readonly CData $module, public readonly string $cacheFile)
    {
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

    /** Loads a module once per process: the precompiled file when it is current, else compiles and stores it. */
    public static function load(string $wasmPath, string $cacheDir): self
    {
        $cacheFile = self::cacheFile($wasmPath, $cacheDir);
        if (isset(self::$loaded[$cacheFile])) {
            return self::$loaded[$cacheFile];
        }
        $ffi = Wasmtime::ffi();
        $engine = $ffi->wasm_engine_new();
        $module = is_file($cacheFile) ? self::deserialize($engine, $cacheFile) : null;
        if ($module === null) {
            $module = self::compile($engine, $wasmPath);
            self::store($module, $cacheFile);
        }
        return self::$loaded[$cacheFile] = new self($engine, $module, $cacheFile);
    }

    private static function cacheFile(string $wasmPath, string $cacheDir): string
    {
        $stat = @stat($wasmPath);
        if ($stat === false) {
            throw new \RuntimeException("no wasm module at $wasmPath: run scripts/build.sh");
        }
        $lib = @stat(Wasmtime::libraryPath()) ?: ['size' => 0, 'mtime' => 0];
        $key = hash('sha256', implode(':', [realpath($wasmPath), $stat['size'], $stat['mtime'], $lib['size'], $lib['mtime']]));
        return rtrim($cacheDir, '/') . '/strata-' . substr($key, 0, 16) . '.cwasm';
    }

    private static function deserialize(CData $engine, string $file): ?CData
    {
        $ffi = Wasmtime::ffi();
        $module = $ffi->new('wasmtime_module_t*');
        $error = $ffi->wasmtime_module_deserialize_file($engine, $file, FFI::addr($module));
        if (!Wasmtime::isNull($error)) {
            Wasmtime::errorMessage($error);
            return null;
        }
        return $module;
    }

    private static function compile(CData $engine, string $wasmPath): CData
    {
        $ffi = Wasmtime::ffi();
        $bytes = file_get_contents($wasmPath);
        $module = $ffi->new('wasmtime_module_t*');
        Wasmtime::check($ffi->wasmtime_module_new($engine, $bytes, strlen($bytes), FFI::addr($module)), null, "compiling $wasmPath");
        return $module;
    }

    /**
     * Writes the compiled code beside its final name, then renames it, so readers never see half a
     * file; then removes the files of earlier builds, so that rebuilding does not fill the folder (a
     * process that mapped one keeps its mapping).
     */
    private static function store(CData $module, string $cacheFile): void
    {
        $ffi = Wasmtime::ffi();
        $vec = $ffi->new('wasm_byte_vec_t');
        Wasmtime::check($ffi->wasmtime_module_serialize($module, FFI::addr($vec)), null, 'serializing the module');
        $bytes = FFI::string($vec->data, $vec->size);
        $ffi->wasm_byte_vec_delete(FFI::addr($vec));
        $dir = dirname($cacheFile);
        if (!is_dir($dir) && !@mkdir($dir, 0775, true) && !is_dir($dir)) {
            return;
        }
        $tmp = $cacheFile . '.' . getmypid() . '.tmp';
        if (@file_put_contents($tmp, $bytes) === strlen($bytes) && @rename($tmp, $cacheFile)) {
            foreach (glob("$dir/strata-*.cwasm") ?: [] as $old) {
                if ($old !== $cacheFile) {
                    @unlink($old);
                }
            }
        }
        @unlink($tmp);
    }
}
