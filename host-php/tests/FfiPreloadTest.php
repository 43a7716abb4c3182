<?php
/**
 * PHP's `ffi.preload` with the header `Wasmtime::preloadHeader` writes: the process takes wasmtime's
 * declarations from the preloaded scope of its library instead of parsing them, and the core works
 * the same with it and without it (with `ffi.enable=1`, and at PHP's default `preload`); a header for
 * another library file is not taken.
 */

declare(strict_types=1);

use Strata\Bridge\Wasmtime;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;

final class FfiPreloadTest extends TestCase
{
    /** `[preloaded, a title the core normalized]` of a fresh PHP process started with $ini. */
    private static function inProcess(string $ini): array
    {
        $script = 'require "' . repoRoot() . '/host-php/autoload.php";'
            . ' $title = Strata\Bridge\Core::load()->normalizeTitle("hello world");'
            . ' echo json_encode([Strata\Bridge\Wasmtime::preloaded(), $title]);';
        $out = (string)shell_exec(sprintf('php %s -r %s 2>&1', $ini, escapeshellarg($script)));
        return json_decode($out, true) ?? ['output' => $out];
    }

    /** @testdox the declarations come from the preloaded scope with ffi.preload, are parsed without it, and the core answers alike */
    public function testPreloadedAndParsedDeclarationsBothWork(): void
    {
        $header = tempnam(sys_get_temp_dir(), 'strata-ffi-');
        $copy = sys_get_temp_dir() . '/strata-ffi-copy-' . getmypid() . '.so';
        try {
            file_put_contents($header, Wasmtime::preloadHeader(Wasmtime::libraryPath()));
            $preload = '-d ffi.preload=' . escapeshellarg($header);
            assertSame([true, 'Hello world'], self::inProcess("-d ffi.enable=1 $preload"));
            assertSame([true, 'Hello world'], self::inProcess("-d ffi.enable=preload $preload"));
            assertSame([false, 'Hello world'], self::inProcess('-d ffi.enable=1'));
            copy(Wasmtime::libraryPath(), $copy);
            file_put_contents($header, Wasmtime::preloadHeader($copy));
            assertSame([false, 'Hello world'], self::inProcess("-d ffi.enable=1 $preload"), 'a scope of another library file is not taken');
            // The header of an earlier bridge: its scope named after the library alone, without a function this one calls.
            $library = realpath(Wasmtime::libraryPath());
            $earlier = preg_replace(
                ['/^#define FFI_SCOPE .*$/m', '/^.*wasm_config_new.*$/m'],
                ['#define FFI_SCOPE "strata_wasmtime_' . hash('sha256', $library) . '"', ''],
                Wasmtime::preloadHeader($library),
            );
            file_put_contents($header, $earlier);
            assertSame([false, 'Hello world'], self::inProcess("-d ffi.enable=1 $preload"), 'a header of other declarations is not taken');
        } finally {
            @unlink($header);
            @unlink($copy);
        }
    }
}
