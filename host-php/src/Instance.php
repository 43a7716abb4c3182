<?php
/**
 * One instance of the C-ABI module in its own wasmtime store: argument buffers in, the answer out,
 * and the module's three imports (`strata_host.call`, `random`, `nowMs`) answered synchronously.
 * A trap discards the store and its instance and makes fresh ones from the compiled module, so a
 * panic never poisons the next call. The ABI is described in docs/architecture.md ("The C ABI").
 */

declare(strict_types=1);

namespace Strata\Bridge;

use FFI;
use FFI\CData;

final class Instance
{
    /**
     * The most memory one instance may grow to by default; beyond it an allocation fails and the call
     * traps. It is also the size of the engine's pool slots (`Wasmtime::newEngine`), so no larger limit holds.
     */
    public const MEMORY_LIMIT = 1 << 30;

    private const EXPORTS = [
        'strata_alloc', 'strata_answer', 'validate', 'normalizeContent', 'preparePages', 'projectRdf',
        'projectForStore', 'errorResponse', 'renderDataTab', 'renderPage', 'renderSchema', 'renderList', 'diffSubjects',
        'normalizeTitle', 'searchText', 'hostOperations', 'graphIndexes', 'storeLifecycle', 'storeEvent', 'messageTable',
        'handleRoute', 'handlePageAction', 'projectPageChanges',
        'validatorNew', 'validatorValidate', 'validatorFree', 'batchValidatorNew', 'batchValidatorValidate', 'batchValidatorFree',
        'rdfProjectorNew', 'rdfProjectorProjectPage',
        'rdfProjectorProjectionNames', 'rdfProjectorSubjectIri', 'rdfProjectorFree',
        'rebuildRunNew', 'rebuildRunNext', 'rebuildRunAnswer', 'rebuildRunAnswerPages', 'rebuildRunWritten', 'rebuildRunFree',
    ];

    private FFI $ffi;
    private CData $linker;
    private ?CData $store = null;
    private CData $context;
    /** The memory export (a wasmtime_extern_t: a field of a CData must not outlive the CData). */
    private CData $memory;
    /** @var array<string, CData> wasmtime_extern_t of each export */
    private array $funcs = [];
    /** The wasmtime_instance_t of the current store, whose exports are looked up on first use. */
    private CData $instance;
    /** @var array<string, CData> the address of each export's wasmtime_func_t, taken once */
    private array $funcAddresses = [];
    /** Where a call reports its trap; reused by every call. */
    private CData $trap;
    /** Raw values of the outer call, and of the calls a host import makes while it runs. */
    private CData $raw;
    private CData $innerRaw;
    private HostCalls $hostCalls;
    /** True while an operation runs: a host operation may not call into the module again. */
    private bool $busy = false;
    /** @var list<array{0: string, 1: int}> objects released while an operation ran, freed after it */
    private array $pendingReleases = [];
    /** Counts fresh instances, so that objects kept in a discarded one are known to be gone. */
    public int $generation = 0;

    /** The module; another engine's when this engine's pool was full (`instantiate`). */
    public function __construct(public CompiledModule $compiled, private readonly int $memoryLimit = self::MEMORY_LIMIT)
    {
        $this->ffi = Wasmtime::ffi();
        $this->raw = $this->ffi->new('wasmtime_val_raw_t[8]');
        $this->innerRaw = $this->ffi->new('wasmtime_val_raw_t[8]');
        $this->trap = $this->ffi->new('wasm_trap_t*');
        $this->hostCalls = new HostCalls();
        $this->link();
        $this->instantiate();
    }

    private function link(): void
    {
        $this->linker = $this->ffi->wasmtime_linker_new($this->compiled->engine);
        $this->defineImports();
    }

    /** PHP's shutdown may run this before the destructors of the Validators that use the instance: they then find no store. */
    public function __destruct()
    {
        if ($this->store !== null) {
            $this->ffi->wasmtime_store_delete($this->store);
            $this->store = null;
        }
    }

    /**
     * Calls an export: each string argument becomes a buffer (pointer and length), null an absent
     * one (two zeros), an int one i32. Answers the text the export left, or throws its StrataError.
     */
    public function run(string $export, array $args, ?Host $host = null): string
    {
        if ($this->busy) {
            throw new \LogicException("the Strata core is running an operation: a host operation may not call it ($export)");
        }
        $this->busy = true;
        $this->hostCalls->host = $host;
        try {
            $words = [];
            foreach ($args as $arg) {
                array_push($words, ...match (true) {
                    $arg === null => [0, 0],
                    is_int($arg) => [$arg],
                    default => [$this->write($arg), strlen($arg)],
                });
            }
            $status = $this->call($this->context, $export, $words, $this->raw);
            $packed = $this->call($this->context, 'strata_answer', [], $this->raw, true);
            $answer = $this->read($this->context, ($packed >> 32) & 0xFFFFFFFF, $packed & 0xFFFFFFFF);
        } catch (TrapError $trap) {
            $this->instantiate();
            throw $trap;
        } finally {
            $this->hostCalls->host = null;
            $this->busy = false;
            foreach (array_splice($this->pendingReleases, 0) as [$freeExport, $handle]) {
                $this->release($freeExport, $handle);
            }
        }
        if ($status !== 0) {
            throw StrataError::fromJson($answer);
        }
        return $answer;
    }

    /** Whether an operation is running: a host operation it made is being answered now. */
    public function running(): bool
    {
        return $this->busy;
    }

    /** The size of the instance's linear memory, in bytes. */
    public function memoryBytes(): int
    {
        return $this->ffi->wasmtime_memory_data_size($this->context, FFI::addr($this->memory->of->memory));
    }

    /** Calls an export that answers nothing (the `...Free` functions). */
    public function release(string $export, int $handle): void
    {
        if ($this->store === null) {
            return;
        }
        if ($this->busy) {
            $this->pendingReleases[] = [$export, $handle];
            return;
        }
        $this->call($this->context, $export, [$handle], $this->raw);
    }

    private function instantiate(): void
    {
        if ($this->store !== null) {
            $this->ffi->wasmtime_store_delete($this->store);
        }
        $this->pendingReleases = [];
        $instance = $this->newInstance();
        if ($instance === null) {
            // The engine's pool is full: instances that were never freed hold its slots (an instance
            // lives as long as its request, and one cut short by a fatal error never frees its
            // slot). This instance, and the process's next requests, take a new engine and pool.
            $this->ffi->wasmtime_store_delete($this->store);
            $this->compiled = $this->compiled->again();
            $this->link();
            $instance = $this->newInstance(true);
        }
        $this->memory = $this->export($instance, 'memory', Wasmtime::EXTERN_MEMORY);
        $this->instance = $instance;
        $this->funcs = [];
        $this->funcAddresses = [];
        // The allocator is also called from inside host calls, where the store's own context must not be used.
        $this->funcAddress('strata_alloc');
        $this->funcAddress('strata_answer');
        $this->generation++;
        if ($this->hostCalls->operations === []) {
            $this->hostCalls->operations = array_fill_keys($this->hostOperations(), true);
        }
    }

    /**
     * A new store and instance in it; null when the engine's pool is full and $last is false. Any
     * other failure to instantiate is thrown.
     */
    private function newInstance(bool $last = false): ?CData
    {
        $this->store = $this->ffi->wasmtime_store_new($this->compiled->engine, null, null);
        $this->ffi->wasmtime_store_limiter($this->store, $this->memoryLimit, -1, -1, -1, -1);
        $this->context = $this->ffi->wasmtime_store_context($this->store);
        $instance = $this->ffi->new('wasmtime_instance_t');
        $trap = $this->ffi->new('wasm_trap_t*');
        $error = $this->ffi->wasmtime_linker_instantiate(
            $this->linker,
            $this->context,
            $this->compiled->module,
            FFI::addr($instance),
            FFI::addr($trap)
        );
        if (!Wasmtime::isNull($error)) {
            $message = Wasmtime::errorMessage($error);
            if (!$last && Wasmtime::isPoolFull($message)) {
                return null;
            }
            throw new \RuntimeException("instantiating the module: $message");
        }
        Wasmtime::check(null, $trap, 'instantiating the module');
        return $instance;
    }

    /**
     * The module's `hostOperations`, remembered per precompiled file (`VerifiedFiles`): they are the
     * module's, and asking costs a call and its JSON in every request of a web server.
     */
    private function hostOperations(): array
    {
        $file = $this->compiled->cacheFile;
        $known = $file === null ? null : VerifiedFiles::recall('host-operations', $file);
        $json = $known ?? $this->run('hostOperations', []);
        if ($known === null && $file !== null) {
            VerifiedFiles::remember('host-operations', $file, $json);
        }
        return json_decode($json, true, 512, JSON_THROW_ON_ERROR);
    }

    /** The address of an export's function, looked up on its first call in this instance. */
    private function funcAddress(string $name): CData
    {
        if (!isset($this->funcAddresses[$name])) {
            if (!in_array($name, self::EXPORTS, true)) {
                throw new \LogicException("$name is not an export the bridge calls");
            }
            $this->funcs[$name] = $this->export($this->instance, $name, Wasmtime::EXTERN_FUNC);
            $this->funcAddresses[$name] = FFI::addr($this->funcs[$name]->of->func);
        }
        return $this->funcAddresses[$name];
    }

    private function export(CData $instance, string $name, int $kind): CData
    {
        $item = $this->ffi->new('wasmtime_extern_t');
        $found = $this->ffi->wasmtime_instance_export_get($this->context, FFI::addr($instance), $name, strlen($name), FFI::addr($item));
        if (!$found || $item->kind !== $kind) {
            throw new \RuntimeException("the module does not export $name: rebuild it with scripts/build.sh");
        }
        return $item;
    }

    /** Calls a function with i32 arguments; answers its i32 (or i64) result, or 0 when it has none. */
    private function call(CData $context, string $name, array $words, CData $raw, bool $wide = false): int
    {
        foreach ($words as $i => $word) {
            $raw[$i]->i64 = 0;
            $raw[$i]->i32 = $word >= 0x80000000 ? $word - 0x100000000 : $word;
        }
        $error = $this->ffi->wasmtime_func_call_unchecked($context, $this->funcAddress($name), $raw, 8, FFI::addr($this->trap));
        if ($error !== null || !FFI::isNull($this->trap)) {
            try {
                Wasmtime::check($error, $this->trap, $name);
            } finally {
                FFI::memset(FFI::addr($this->trap), 0, FFI::sizeof($this->trap));
            }
        }
        return $wide ? $raw[0]->i64 : $raw[0]->i32 & 0xFFFFFFFF;
    }

    /** Copies text into a fresh buffer of the module's memory and answers its address. */
    private function write(string $text, ?CData $context = null): int
    {
        $context ??= $this->context;
        $ptr = $this->call($context, 'strata_alloc', [strlen($text)], $context === $this->context ? $this->raw : $this->innerRaw);
        if ($ptr === 0) {
            throw new TrapError('the module is out of memory');
        }
        if ($text !== '') {
            FFI::memcpy($this->memoryData($context) + $ptr, $text, strlen($text));
        }
        return $ptr;
    }

    private function read(CData $context, int $ptr, int $len): string
    {
        return $len === 0 ? '' : FFI::string($this->memoryData($context) + $ptr, $len);
    }

    private function defineImports(): void
    {
        $i32 = Wasmtime::I32;
        $this->define('call', [$i32, $i32, $i32, $i32, $i32], [$i32], function (CData $context, CData $raw): void {
            $op = $this->read($context, $raw[0]->i32 & 0xFFFFFFFF, $raw[1]->i32 & 0xFFFFFFFF);
            $args = $this->read($context, $raw[2]->i32 & 0xFFFFFFFF, $raw[3]->i32 & 0xFFFFFFFF);
            [$status, $answer] = $this->hostCalls->answer($op, $args);
            $ptr = $this->write($answer, $context);
            $slot = $this->ffi->cast('uint32_t*', $this->memoryData($context) + ($raw[4]->i32 & 0xFFFFFFFF));
            $slot[0] = $ptr;
            $slot[1] = strlen($answer);
            $raw[0]->i32 = $status;
        });
        $this->define('random', [$i32, $i32], [$i32], function (CData $context, CData $raw): void {
            $len = $raw[1]->i32 & 0xFFFFFFFF;
            if ($len > 0) {
                FFI::memcpy($this->memoryData($context) + ($raw[0]->i32 & 0xFFFFFFFF), random_bytes($len), $len);
            }
            $raw[0]->i32 = 0;
        });
        $this->define('nowMs', [], [Wasmtime::F64], function (CData $context, CData $raw): void {
            $raw[0]->f64 = floor(microtime(true) * 1000);
        });
    }

    /** Defines one import of module `strata_host`; an exception in PHP becomes a trap of the call. */
    private function define(string $name, array $params, array $results, \Closure $body): void
    {
        $type = Wasmtime::funcType($params, $results);
        $callback = function ($env, $caller, $raw, $count) use ($body, $name) {
            try {
                $body($this->ffi->wasmtime_caller_context($caller), $raw);
                return null;
            } catch (\Throwable $e) {
                $message = "strata_host.$name: " . $e->getMessage();
                return $this->ffi->wasmtime_trap_new($message, strlen($message));
            }
        };
        $error = $this->ffi->wasmtime_linker_define_func_unchecked(
            $this->linker,
            'strata_host',
            11,
            $name,
            strlen($name),
            $type,
            $callback,
            null,
            null
        );
        Wasmtime::check($error, null, "defining strata_host.$name");
        $this->ffi->wasm_functype_delete($type);
    }

    /** The start of the instance's linear memory, as a byte pointer. */
    private function memoryData(CData $context): CData
    {
        return $this->ffi->wasmtime_memory_data($context, FFI::addr($this->memory->of->memory));
    }
}
