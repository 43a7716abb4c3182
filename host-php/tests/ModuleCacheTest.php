<?php
/**
 * The precompiled module is trusted only if this bridge wrote it: a cache folder others could write
 * (world- or group-writable, or another user's) is refused with a message saying why, a cache key
 * others could read is refused, a file whose seal does not verify is compiled again and replaced, a
 * verified file is remembered (APCu) only while it and its seal stay as they were,
 * and a wasmtime library of another major version than Wasmtime.php declares is refused.
 */

declare(strict_types=1);

use Strata\Bridge\CacheRefused;
use Strata\Bridge\CompiledModule;
use Strata\Bridge\EngineSection;
use Strata\Bridge\ModuleCache;
use Strata\Bridge\Wasmtime;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

/** Runs $case with a fresh folder of mode $mode, removed afterwards. */
function withFolder(int $mode, Closure $case): void
{
    $dir = sys_get_temp_dir() . '/strata-module-cache-' . getmypid() . '-' . bin2hex(random_bytes(4));
    mkdir($dir);
    chmod($dir, $mode);
    try {
        $case($dir);
    } finally {
        array_map('unlink', glob("$dir/{,.}[!.]*", GLOB_BRACE) ?: []);
        rmdir($dir);
    }
}

final class ModuleCacheTest extends TestCase
{
    /** @testdox a folder others may write is refused, with the reason and the fix */
    public function testAFolderOthersMayWriteIsRefusedWithTheReasonAndTheFix(): void
    {
        $refusals = [0777 => 'writable by its group or by others', 0775 => 'writable by its group or by others', 01777 => 'chmod go-w'];
        foreach ($refusals as $mode => $said) {
            withFolder($mode, function (string $dir) use ($mode, $said) {
                $e = assertThrows(CacheRefused::class, fn () => ModuleCache::open($dir), decoct($mode));
                assertTrue(str_contains($e->getMessage(), $said) && str_contains($e->getMessage(), $dir), $e->getMessage());
                assertSame([], glob("$dir/*"), 'nothing is written into a refused folder');
            });
        }
        withFolder(0700, function (string $dir) {
            ModuleCache::open($dir);
            assertSame(0600, fileperms("$dir/strata-cache.key") & 0777, 'the key is readable by its owner only');
            ModuleCache::open("$dir/made");
            assertSame(0700, fileperms("$dir/made") & 0777, 'a folder the cache makes is its owner\'s only');
            array_map('unlink', glob("$dir/made/*"));
            rmdir("$dir/made");
        });
    }

    /** @testdox a folder owned by another user is refused */
    public function testAFolderOwnedByAnotherUserIsRefused(): void
    {
        if (posix_geteuid() !== 0) {
            $this->markTestSkipped('changing a folder\'s owner needs root');
        }
        withFolder(0700, function (string $dir) {
            chown($dir, 'nobody');
            $e = assertThrows(CacheRefused::class, fn () => ModuleCache::open($dir));
            assertTrue(str_contains($e->getMessage(), 'owned by user ' . posix_getpwnam('nobody')['uid']), $e->getMessage());
        });
    }

    /** @testdox a key others may read is refused */
    public function testAKeyOthersMayReadIsRefused(): void
    {
        withFolder(0700, function (string $dir) {
            ModuleCache::open($dir);
            chmod("$dir/strata-cache.key", 0644);
            $e = assertThrows(CacheRefused::class, fn () => ModuleCache::open($dir));
            assertTrue(str_contains($e->getMessage(), 'readable or writable by its group or by others'), $e->getMessage());
        });
    }

    /** @testdox a file is read back only with its seal: a changed byte, no seal or another folder's key fails */
    public function testAFileIsReadBackOnlyWithItsSeal(): void
    {
        withFolder(0700, function (string $dir) {
            $cache = ModuleCache::open($dir);
            $cache->write("$dir/strata-a.cwasm", 'machine code');
            assertSame('machine code', $cache->read("$dir/strata-a.cwasm"));
            file_put_contents("$dir/strata-a.cwasm", 'machine codE');
            assertSame(null, $cache->read("$dir/strata-a.cwasm"), 'a changed byte');
            $cache->write("$dir/strata-a.cwasm", 'machine code');
            unlink("$dir/strata-a.cwasm.seal");
            assertSame(null, $cache->read("$dir/strata-a.cwasm"), 'no seal');
            withFolder(0700, function (string $other) use ($cache, $dir) {
                ModuleCache::open($other)->write("$other/strata-b.cwasm", 'planted code');
                copy("$other/strata-b.cwasm", "$dir/strata-b.cwasm");
                copy("$other/strata-b.cwasm.seal", "$dir/strata-b.cwasm.seal");
                assertSame(null, $cache->read("$dir/strata-b.cwasm"), 'sealed with another key');
            });
        });
    }

    /**
     * @testdox with APCu, a verified file is remembered until it or its seal changes; without APCu nothing is
     */
    public function testAVerifiedFileIsRememberedUntilItChanges(): void
    {
        if (!extension_loaded('apcu')) {
            $this->markTestSkipped('APCu (php8.2-apcu) is not installed');
        }
        withFolder(0700, function (string $dir) {
            $script = 'require "' . repoRoot() . '/host-php/autoload.php"; $c = Strata\Bridge\ModuleCache::open(' . var_export($dir, true) . ');'
                . ' $f = ' . var_export("$dir/strata-a.cwasm", true) . '; $seen = [];'
                . ' $c->write($f, "machine code"); $seen[] = $c->remembered($f);'
                . ' $c->read($f); $seen[] = $c->remembered($f);'
                . ' sleep(1); file_put_contents($f, "machine codE"); $seen[] = $c->remembered($f);'
                . ' $c->write($f, "machine code"); $c->read($f); file_put_contents("$f.seal", "x"); $seen[] = $c->remembered($f);'
                . ' echo json_encode($seen);';
            $run = fn (string $apcu) => json_decode(
                (string)shell_exec(sprintf('php -d apc.enable_cli=%s -r %s 2>&1', $apcu, escapeshellarg($script))),
                true
            );
            assertSame([false, true, false, false], $run('1'), 'written: not yet; read and verified: yes; changed file; changed seal');
            assertSame([false, false, false, false], $run('0'), 'without APCu');
        });
    }

    /**
     * @testdox with APCu, a process's next request takes the engine and module its first one kept (no second mapping), until the file changes
     */
    public function testAProcessKeepsItsModuleForItsNextRequests(): void
    {
        if (!extension_loaded('apcu')) {
            $this->markTestSkipped('APCu (php8.2-apcu) is not installed');
        }
        withFolder(0700, function (string $dir) {
            // Each "request" forgets PHP's statics (as mod_php does between requests) and loads the core again.
            $script = 'require "' . repoRoot() . '/host-php/autoload.php"; $seen = [];'
                . ' $forget = function () { (new ReflectionProperty(Strata\Bridge\CompiledModule::class, "loaded"))->setValue(null, []); };'
                . ' $address = fn ($m) => FFI::cast("uintptr_t", $m->module)->cdata;'
                . ' $request = function () use ($forget, $address, &$seen) { $forget();'
                . ' $core = Strata\Bridge\Core::open(cacheDir: ' . var_export($dir, true) . ');'
                . ' $answer = $core->validate(\'{"schema":null,"subject":{"schema":"X","statements":{}}}\');'
                . ' $seen[] = [$address($core->instance->compiled), str_contains($answer, "schema-not-found")]; };'
                . ' $request(); $request(); $request();'
                . ' $file = glob(' . var_export("$dir/*.cwasm", true) . ')[0]; touch($file, time() + 5); $request(); $request();'
                . ' echo json_encode($seen);';
            $run = fn (string $apcu) => json_decode(
                (string)shell_exec(sprintf('php -d ffi.enable=1 -d apc.enable_cli=%s -r %s 2>&1', $apcu, escapeshellarg($script))),
                true
            );
            $seen = $run('1');
            assertSame([true, true, true, true, true], array_column($seen, 1), 'every request answers');
            [$first, $second, $third, $changed, $after] = array_column($seen, 0);
            assertSame($first, $second, 'the next request takes the kept module');
            assertSame($first, $third);
            assertTrue($changed !== $first, 'a changed file is loaded again');
            assertSame($changed, $after, 'and kept again');
            $without = array_column($run('0'), 0);
            assertSame(5, count(array_unique($without)), 'without APCu every request loads its own');
        });
    }

    /** @testdox a tampered precompiled module is compiled again and replaced; a refused folder compiles in memory */
    public function testATamperedModuleIsCompiledAgainAndARefusedFolderCompilesInMemory(): void
    {
        withFolder(0700, function (string $dir) {
            $load = fn () => shell_exec(sprintf('php -d ffi.enable=1 -r %s 2>&1', escapeshellarg('require "' . repoRoot() . '/host-php/autoload.php";'
                . ' $m = Strata\Bridge\CompiledModule::load(Strata\Bridge\CompiledModule::defaultWasmPath(), ' . var_export($dir, true) . ');'
                . ' echo json_encode([$m->cacheFile, $m->refusal, Strata\Bridge\Core::open(cacheDir: ' . var_export($dir, true) . ')'
                . '->validate(\'{"schema":null,"subject":{"schema":"X","statements":{}}}\')]);')));
            [$file, $refusal, $answer] = json_decode($load(), true);
            assertSame(null, $refusal);
            assertTrue(str_contains($answer, 'schema-not-found'), $answer);
            $sealed = file_get_contents($file);
            $tampered = substr_replace($sealed, chr(ord($sealed[strlen($sealed) >> 1]) ^ 1), strlen($sealed) >> 1, 1);
            file_put_contents($file, $tampered);
            [, , $answer] = json_decode($load(), true);
            assertTrue(str_contains($answer, 'schema-not-found'), $answer);
            assertSame($sealed, file_get_contents($file), 'the tampered file was replaced by the module compiled again');
        });
        withFolder(0777, function (string $dir) {
            $module = CompiledModule::load(CompiledModule::defaultWasmPath(), $dir);
            assertSame(null, $module->cacheFile);
            assertTrue(str_contains((string)$module->refusal, 'writable by its group or by others'), (string)$module->refusal);
            assertSame([], glob("$dir/*"));
        });
    }

    /** @testdox the wasmtime library's version is read from a serialized module; another major version is refused */
    public function testAnotherMajorVersionOfWasmtimeIsRefused(): void
    {
        $ffi = Wasmtime::ffi();
        $engine = $ffi->wasm_engine_new();
        $bytes = Wasmtime::serialize(Wasmtime::compile($engine, "\0asm\x01\0\0\0", 'compiling'));
        assertSame(Wasmtime::MAJOR_VERSION, EngineSection::version($bytes), 'the loaded library');
        Wasmtime::requireVersion(Wasmtime::MAJOR_VERSION);
        $older = str_replace("\0\x02" . Wasmtime::MAJOR_VERSION, "\0\x0249", $bytes);
        assertSame('49', EngineSection::version($older));
        foreach (['49' => 'is version 49', '51' => 'is version 51', null => 'of an unknown version'] as $found => $said) {
            $e = assertThrows(RuntimeException::class, fn () => Wasmtime::requireVersion($found === '' ? null : (string)$found));
            $message = $e->getMessage();
            assertTrue(str_contains($message, $said) && str_contains($message, 'C structures of wasmtime ' . Wasmtime::MAJOR_VERSION), $message);
        }
        assertSame(null, EngineSection::version('not an ELF file'));
        assertSame(null, EngineSection::version(substr($bytes, 0, 100)), 'a truncated file');
    }
}
