<?php
/**
 * PHPUnit's bootstrap for the bridge's tests (host-php/phpunit.xml): the bridge's autoloader and the
 * helpers the test files share.
 */

declare(strict_types=1);

require_once dirname(__DIR__) . '/autoload.php';

use PHPUnit\Framework\Assert;

/** Runs $call, which must throw a $class; answers the exception. */
function assertThrows(string $class, Closure $call, string $what = ''): Throwable
{
    try {
        $call();
    } catch (Throwable $e) {
        Assert::assertInstanceOf($class, $e, ($what === '' ? '' : "$what: ") . get_class($e) . ': ' . $e->getMessage());
        return $e;
    }
    Assert::fail("$what: expected $class, nothing was thrown");
}

function repoRoot(): string
{
    return dirname(__DIR__, 2);
}
