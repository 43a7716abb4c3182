<?php
/**
 * A small test harness for the bridge's tests: `test(name, fn)` registers a case, the assertions
 * throw, and run.php prints one line per case and the totals as `# pass N` / `# fail N`, the lines
 * scripts/test.sh counts.
 */

declare(strict_types=1);

require_once dirname(__DIR__) . '/autoload.php';

final class AssertionFailed extends RuntimeException
{
}

/** @var array<string, Closure> */
$GLOBALS['strata_tests'] = [];

function test(string $name, Closure $case): void
{
    $GLOBALS['strata_tests'][$name] = $case;
}

function assertSame(mixed $expected, mixed $actual, string $what = ''): void
{
    if ($expected !== $actual) {
        $show = static fn ($v) => var_export($v, true);
        throw new AssertionFailed(($what === '' ? '' : "$what: ") . 'expected ' . $show($expected) . ', got ' . $show($actual));
    }
}

function assertTrue(bool $condition, string $what): void
{
    if (!$condition) {
        throw new AssertionFailed($what);
    }
}

/** Runs $call, which must throw a $class; answers the exception. */
function assertThrows(string $class, Closure $call, string $what = ''): Throwable
{
    try {
        $call();
    } catch (Throwable $e) {
        if ($e instanceof $class) {
            return $e;
        }
        throw new AssertionFailed("$what: expected $class, got " . get_class($e) . ': ' . $e->getMessage());
    }
    throw new AssertionFailed("$what: expected $class, nothing was thrown");
}

function repoRoot(): string
{
    return dirname(__DIR__, 2);
}
