<?php
/**
 * The part of wasmtime's C API the bridge uses, declared for PHP FFI (the library from the Python
 * `wasmtime` wheel ships no headers). Struct layouts are those of wasmtime 50; the version is pinned
 * in scripts/requirements.txt, and a library of another major version is refused when it is loaded:
 * the C API has no version function, so the version is read from the engine section
 * (`.wasmtime.engine`) of an empty module the library compiles and serializes, where wasmtime writes
 * its own version to refuse code compiled by another one (once per library file and server:
 * `VerifiedFiles`). PHP parses these declarations in every request that uses FFI (about 0.15 ms),
 * unless the server preloaded them: with PHP's `ffi.preload` naming the header `preloadHeader()`
 * writes, the server keeps them as the FFI scope of that library file, and `ffi()` takes that scope.
 */

declare(strict_types=1);

namespace Strata\Bridge;

use FFI;
use FFI\CData;

final class Wasmtime
{
    private const DECLARATIONS = <<<'C'
        typedef struct wasm_engine_t wasm_engine_t;
        typedef struct wasm_config_t wasm_config_t;
        typedef struct wasmtime_pooling_allocation_config_t wasmtime_pooling_allocation_config_t;
        typedef struct wasmtime_module_t wasmtime_module_t;
        typedef struct wasmtime_store_t wasmtime_store_t;
        typedef struct wasmtime_context_t wasmtime_context_t;
        typedef struct wasmtime_linker_t wasmtime_linker_t;
        typedef struct wasmtime_caller_t wasmtime_caller_t;
        typedef struct wasmtime_error_t wasmtime_error_t;
        typedef struct wasm_trap_t wasm_trap_t;
        typedef struct wasm_valtype_t wasm_valtype_t;
        typedef struct wasm_functype_t wasm_functype_t;
        typedef struct { size_t size; uint8_t *data; } wasm_byte_vec_t;
        typedef struct { size_t size; wasm_valtype_t **data; } wasm_valtype_vec_t;
        typedef struct { uint64_t store_id; size_t __private; } wasmtime_instance_t;
        typedef struct { uint64_t store_id; void *__private; } wasmtime_func_t;
        typedef struct { struct { uint64_t store_id; uint32_t __private1; } __anon; uint32_t __private2; } wasmtime_memory_t;
        typedef union { wasmtime_func_t func; wasmtime_memory_t memory; uint8_t __size[24]; } wasmtime_extern_union_t;
        typedef struct { uint8_t kind; wasmtime_extern_union_t of; } wasmtime_extern_t;
        typedef union { int32_t i32; int64_t i64; float f32; double f64; uint8_t v128[16]; } wasmtime_val_raw_t;
        typedef wasm_trap_t *(*wasmtime_func_unchecked_callback_t)(void *env, wasmtime_caller_t *caller,
            wasmtime_val_raw_t *args_and_results, size_t num_args_and_results);

        wasm_engine_t *wasm_engine_new(void);
        wasm_config_t *wasm_config_new(void);
        wasm_engine_t *wasm_engine_new_with_config(wasm_config_t *config);
        wasmtime_pooling_allocation_config_t *wasmtime_pooling_allocation_config_new(void);
        void wasmtime_pooling_allocation_config_delete(wasmtime_pooling_allocation_config_t *config);
        void wasmtime_pooling_allocation_config_total_core_instances_set(wasmtime_pooling_allocation_config_t *config, uint32_t count);
        void wasmtime_pooling_allocation_config_total_memories_set(wasmtime_pooling_allocation_config_t *config, uint32_t count);
        void wasmtime_pooling_allocation_config_total_tables_set(wasmtime_pooling_allocation_config_t *config, uint32_t count);
        void wasmtime_pooling_allocation_config_total_stacks_set(wasmtime_pooling_allocation_config_t *config, uint32_t count);
        void wasmtime_pooling_allocation_config_max_memory_size_set(wasmtime_pooling_allocation_config_t *config, size_t bytes);
        void wasmtime_pooling_allocation_config_linear_memory_keep_resident_set(wasmtime_pooling_allocation_config_t *config, size_t bytes);
        void wasmtime_pooling_allocation_strategy_set(wasm_config_t *config, const wasmtime_pooling_allocation_config_t *pooling);
        void wasm_engine_delete(wasm_engine_t *);
        void wasm_byte_vec_delete(wasm_byte_vec_t *);
        wasm_valtype_t *wasm_valtype_new(uint8_t kind);
        void wasm_valtype_vec_new(wasm_valtype_vec_t *out, size_t size, wasm_valtype_t **data);
        wasm_functype_t *wasm_functype_new(wasm_valtype_vec_t *params, wasm_valtype_vec_t *results);
        void wasm_functype_delete(wasm_functype_t *);

        wasmtime_error_t *wasmtime_module_new(wasm_engine_t *engine, const char *wasm, size_t wasm_len, wasmtime_module_t **ret);
        wasmtime_error_t *wasmtime_module_serialize(wasmtime_module_t *module, wasm_byte_vec_t *ret);
        wasmtime_error_t *wasmtime_module_deserialize(wasm_engine_t *engine, const char *bytes, size_t bytes_len, wasmtime_module_t **ret);
        wasmtime_error_t *wasmtime_module_deserialize_file(wasm_engine_t *engine, const char *path, wasmtime_module_t **ret);
        void wasmtime_module_delete(wasmtime_module_t *);

        wasmtime_store_t *wasmtime_store_new(wasm_engine_t *engine, void *data, void (*finalizer)(void *));
        wasmtime_context_t *wasmtime_store_context(wasmtime_store_t *store);
        void wasmtime_store_limiter(wasmtime_store_t *store, int64_t memory_size, int64_t table_elements,
            int64_t instances, int64_t tables, int64_t memories);
        void wasmtime_store_delete(wasmtime_store_t *store);

        wasmtime_linker_t *wasmtime_linker_new(wasm_engine_t *engine);
        wasmtime_error_t *wasmtime_linker_define_func_unchecked(wasmtime_linker_t *linker, const char *module,
            size_t module_len, const char *name, size_t name_len, const wasm_functype_t *ty,
            wasmtime_func_unchecked_callback_t cb, void *data, void (*finalizer)(void *));
        wasmtime_error_t *wasmtime_linker_instantiate(const wasmtime_linker_t *linker, wasmtime_context_t *store,
            const wasmtime_module_t *module, wasmtime_instance_t *instance, wasm_trap_t **trap);

        bool wasmtime_instance_export_get(wasmtime_context_t *store, const wasmtime_instance_t *instance,
            const char *name, size_t name_len, wasmtime_extern_t *item);
        wasmtime_error_t *wasmtime_func_call_unchecked(wasmtime_context_t *store, const wasmtime_func_t *func,
            wasmtime_val_raw_t *args_and_results, size_t args_and_results_len, wasm_trap_t **trap);
        wasmtime_context_t *wasmtime_caller_context(wasmtime_caller_t *caller);
        uint8_t *wasmtime_memory_data(const wasmtime_context_t *store, const wasmtime_memory_t *memory);
        size_t wasmtime_memory_data_size(const wasmtime_context_t *store, const wasmtime_memory_t *memory);

        void wasmtime_error_message(const wasmtime_error_t *error, wasm_byte_vec_t *message);
        void wasmtime_error_delete(wasmtime_error_t *error);
        void wasm_trap_message(const wasm_trap_t *trap, wasm_byte_vec_t *out);
        void wasm_trap_delete(wasm_trap_t *trap);
        wasm_trap_t *wasmtime_trap_new(const char *msg, size_t msg_len);
        C;

    public const I32 = 0;
    public const I64 = 1;
    public const F64 = 3;
    public const EXTERN_FUNC = 0;
    public const EXTERN_MEMORY = 3;

    /** The major version whose C structures DECLARATIONS states. */
    public const MAJOR_VERSION = '50';
    /** Names the configuration of newEngine() in the precompiled module's file name (`CompiledModule`). */
    public const ENGINE = 'pooling:' . self::POOL_INSTANCES . ':' . Instance::MEMORY_LIMIT . ':' . self::POOL_KEEP_RESIDENT;
    /** Instances (each with one memory and one table) a pooling engine holds at once. */
    public const POOL_INSTANCES = 8;
    /** The words of wasmtime's error for a full pool (`isPoolFull`). */
    private const POOL_FULL = 'maximum concurrent limit of ';
    /** Bytes of a freed instance's memory kept resident (zeroed or reset in place) for the next. */
    public const POOL_KEEP_RESIDENT = 8 << 20;
    /** The smallest module: the magic number and version 1, no sections. */
    private const EMPTY_MODULE = "\0asm\x01\0\0\0";

    private static ?FFI $ffi = null;
    private static ?string $library = null;
    /** Whether this process's declarations came from a preloaded scope. */
    private static bool $scoped = false;

    /** The FFI over the wasmtime library (libraryPath()), once its version is checked. */
    public static function ffi(): FFI
    {
        if (self::$ffi === null) {
            $scope = self::preloadedScope(self::libraryPath());
            self::$scoped = $scope !== null;
            $ffi = self::$ffi = $scope ?? FFI::cdef(self::DECLARATIONS, self::libraryPath());
            try {
                $version = VerifiedFiles::recall('wasmtime-version', self::libraryPath()) ?? self::version($ffi);
                self::requireVersion($version);
                VerifiedFiles::remember('wasmtime-version', self::libraryPath(), $version);
            } catch (\Throwable $e) {
                self::$ffi = null;
                throw $e;
            }
        }
        return self::$ffi;
    }

    /**
     * The header file of PHP's `ffi.preload` for $library: these declarations as the FFI scope of that
     * library file, which `ffi()` takes instead of parsing them (docs/mediawiki.md, "PHP FFI").
     */
    public static function preloadHeader(string $library): string
    {
        $path = realpath($library);
        if ($path === false) {
            throw new \RuntimeException("no wasmtime library at $library");
        }
        return '#define FFI_SCOPE "' . self::scopeName($path) . "\"\n#define FFI_LIB \"$path\"\n" . self::DECLARATIONS . "\n";
    }

    /** Whether this process's FFI came from the server's preloaded scope (`preload`) rather than parsed declarations. */
    public static function preloaded(): bool
    {
        return self::$ffi !== null && self::$scoped;
    }

    /** The scope `preload` made for $library; null when the server made none (a library of another path included). */
    private static function preloadedScope(string $library): ?FFI
    {
        $path = realpath($library);
        if ($path === false) {
            return null;
        }
        try {
            return FFI::scope(self::scopeName($path));
        } catch (FFI\Exception) {
            return null;
        }
    }

    /**
     * A scope per library file and declarations, so that a wiki naming another library never gets this
     * one's functions, nor a bridge of another version a header that lacks some of its functions.
     */
    private static function scopeName(string $realPath): string
    {
        return 'strata_wasmtime_' . hash('sha256', $realPath . "\0" . self::DECLARATIONS);
    }

    /** The library's major version, from an empty module it compiles and serializes; null when unreadable. */
    private static function version(FFI $ffi): ?string
    {
        $engine = $ffi->wasm_engine_new();
        try {
            $module = self::compile($engine, self::EMPTY_MODULE, 'checking the version of wasmtime');
            $bytes = self::serialize($module);
            $ffi->wasmtime_module_delete($module);
            return EngineSection::version($bytes);
        } finally {
            $ffi->wasm_engine_delete($engine);
        }
    }

    /** Throws unless $found (the library's version, null when unreadable) is the major version declared here. */
    public static function requireVersion(?string $found): void
    {
        if ($found !== self::MAJOR_VERSION) {
            $shown = $found === null ? 'of an unknown version' : "version $found";
            throw new \RuntimeException('wasmtime\'s C library at ' . self::libraryPath() . " is $shown,"
                . ' but the PHP bridge declares the C structures of wasmtime ' . self::MAJOR_VERSION
                . ' (host-php/src/Wasmtime.php): install wasmtime ' . self::MAJOR_VERSION
                . ' (scripts/requirements.txt) or point STRATA_WASMTIME_LIB at it');
        }
    }

    /** Compiles wasm bytes with $engine; throws with $doing on failure. */
    public static function compile(CData $engine, string $bytes, string $doing): CData
    {
        $ffi = self::ffi();
        $module = $ffi->new('wasmtime_module_t*');
        self::check($ffi->wasmtime_module_new($engine, $bytes, strlen($bytes), FFI::addr($module)), null, $doing);
        return $module;
    }

    /** The module's machine code as wasmtime serializes it. */
    public static function serialize(CData $module): string
    {
        $ffi = self::ffi();
        $vec = $ffi->new('wasm_byte_vec_t');
        self::check($ffi->wasmtime_module_serialize($module, FFI::addr($vec)), null, 'serializing the module');
        $bytes = FFI::string($vec->data, $vec->size);
        $ffi->wasm_byte_vec_delete(FFI::addr($vec));
        return $bytes;
    }

    /**
     * A new engine, configured as every engine that compiles, loads or runs the module must be (one
     * configuration, so a precompiled file is always loaded by an engine like the one that wrote
     * it): wasmtime's pooling allocator, whose slots keep a freed instance's memory mapped and
     * resident up to POOL_KEEP_RESIDENT, so that the next instance made from this engine (the next
     * request of a process that keeps it, `KeptModules`) does not fault its pages in again. A pool
     * holds POOL_INSTANCES instances at once, each of at most Instance::MEMORY_LIMIT bytes; when it
     * is full, instantiating fails and the instance takes a new engine (`Instance`).
     */
    public static function newEngine(): CData
    {
        $ffi = self::ffi();
        $pool = $ffi->wasmtime_pooling_allocation_config_new();
        $ffi->wasmtime_pooling_allocation_config_total_core_instances_set($pool, self::POOL_INSTANCES);
        $ffi->wasmtime_pooling_allocation_config_total_memories_set($pool, self::POOL_INSTANCES);
        $ffi->wasmtime_pooling_allocation_config_total_tables_set($pool, self::POOL_INSTANCES);
        // No async calls, so no fiber stacks: wasmtime's default of 1000 took 2 ms to make each engine.
        $ffi->wasmtime_pooling_allocation_config_total_stacks_set($pool, 0);
        $ffi->wasmtime_pooling_allocation_config_max_memory_size_set($pool, Instance::MEMORY_LIMIT);
        $ffi->wasmtime_pooling_allocation_config_linear_memory_keep_resident_set($pool, self::POOL_KEEP_RESIDENT);
        $config = $ffi->wasm_config_new();
        $ffi->wasmtime_pooling_allocation_strategy_set($config, $pool);
        $ffi->wasmtime_pooling_allocation_config_delete($pool);
        $engine = $ffi->wasm_engine_new_with_config($config);
        if (self::isNull($engine)) {
            throw new \RuntimeException('wasmtime could not make an engine with its pooling allocator');
        }
        return $engine;
    }

    /** Names the library to open (a host that ships its own, as the MediaWiki extension's lib/); before the first ffi(). */
    public static function useLibrary(string $path): void
    {
        self::$library = $path;
    }

    /** The library useLibrary() named, else `$STRATA_WASMTIME_LIB`, else the one in the project's .venv. */
    public static function libraryPath(): string
    {
        if (self::$library !== null) {
            return self::$library;
        }
        $given = getenv('STRATA_WASMTIME_LIB');
        if ($given !== false && $given !== '') {
            return $given;
        }
        $root = dirname(__DIR__, 2);
        $found = glob($root . '/.venv/lib/python3*/site-packages/wasmtime/linux-x86_64/_libwasmtime.so') ?: [];
        if ($found === []) {
            throw new \RuntimeException("wasmtime's C library is not installed: run scripts/setup.sh, or set STRATA_WASMTIME_LIB");
        }
        return $found[0];
    }

    /** Throws when a C API call answered an error or a trap; frees both. */
    public static function check(?CData $error, ?CData $trap = null, string $doing = 'wasmtime'): void
    {
        if (!self::isNull($error)) {
            throw new \RuntimeException("$doing: " . self::errorMessage($error));
        }
        if (!self::isNull($trap)) {
            throw new TrapError("$doing: " . self::trapMessage($trap));
        }
    }

    /** FFI answers a NULL pointer returned by a function as PHP null, and one written to memory as a null CData. */
    public static function isNull(?CData $pointer): bool
    {
        return $pointer === null || FFI::isNull($pointer);
    }

    /**
     * Whether an error's message is the pooling allocator's refusal when every slot of a kind
     * (instances, memories, tables) is taken: wasmtime's `PoolConcurrencyLimitError`, whose text is
     * the only form the C API gives of it.
     */
    public static function isPoolFull(string $message): bool
    {
        return str_contains($message, self::POOL_FULL);
    }

    public static function errorMessage(CData $error): string
    {
        return self::message($error, 'wasmtime_error_message', 'wasmtime_error_delete');
    }

    public static function trapMessage(CData $trap): string
    {
        return self::message($trap, 'wasm_trap_message', 'wasm_trap_delete');
    }

    /** The message of an error or a trap, which is freed. */
    private static function message(CData $object, string $read, string $delete): string
    {
        $ffi = self::ffi();
        $vec = $ffi->new('wasm_byte_vec_t');
        $ffi->{$read}($object, FFI::addr($vec));
        $ffi->{$delete}($object);
        return self::takeBytes($vec);
    }

    /** A function type of i32 parameters and at most one result. */
    public static function funcType(array $params, array $results): CData
    {
        $ffi = self::ffi();
        return $ffi->wasm_functype_new(FFI::addr(self::valtypes($params)), FFI::addr(self::valtypes($results)));
    }

    private static function valtypes(array $kinds): CData
    {
        $ffi = self::ffi();
        $vec = $ffi->new('wasm_valtype_vec_t');
        $types = $ffi->new('wasm_valtype_t*[' . max(1, count($kinds)) . ']');
        foreach ($kinds as $i => $kind) {
            $types[$i] = $ffi->wasm_valtype_new($kind);
        }
        $ffi->wasm_valtype_vec_new(FFI::addr($vec), count($kinds), $types);
        return $vec;
    }

    private static function takeBytes(CData $vec): string
    {
        $text = $vec->size > 0 ? FFI::string($vec->data, $vec->size) : '';
        self::ffi()->wasm_byte_vec_delete(FFI::addr($vec));
        return rtrim($text, "\0");
    }
}
