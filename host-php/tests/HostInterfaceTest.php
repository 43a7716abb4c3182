<?php
/**
 * The PHP Host interface has one method per Host operation of the module, in the module's order,
 * and the in-memory host answers each of them.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\Host;
use Strata\Bridge\Testing\MemoryHost;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

final class HostInterfaceTest extends TestCase
{
    /** @testdox the Host interface declares exactly the operations the module calls */
    public function testTheHostInterfaceDeclaresExactlyTheOperationsTheModuleCalls(): void
    {
        $methods = array_map(fn (ReflectionMethod $m) => $m->getName(), (new ReflectionClass(Host::class))->getMethods());
        assertSame(Core::load()->hostOperations(), $methods);
    }

    /** @testdox every Host method takes the arguments array */
    public function testEveryHostMethodTakesTheArgumentsArray(): void
    {
        foreach ((new ReflectionClass(Host::class))->getMethods() as $method) {
            $params = $method->getParameters();
            assertSame(1, count($params), $method->getName());
            assertSame('array', (string) $params[0]->getType(), $method->getName());
        }
        assertTrue(is_subclass_of(MemoryHost::class, Host::class), 'the memory host is a Host');
    }
}
