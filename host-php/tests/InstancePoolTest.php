<?php
/**
 * Instances from the pool of the engine a process keeps (`Wasmtime::newEngine`): an instance made in
 * a slot an earlier one used finds the module's fresh memory, never the earlier one's; a full pool
 * moves the instance to a new engine instead of failing; any other failure to instantiate is an error.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\Instance;
use Strata\Bridge\Wasmtime;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertFalse;
use function PHPUnit\Framework\assertGreaterThan;
use function PHPUnit\Framework\assertNotNull;
use function PHPUnit\Framework\assertNotSame;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertStringStartsWith;

final class InstancePoolTest extends TestCase
{
    private const MARK = 'left by the earlier instance';

    /** @testdox an instance made in a slot an earlier one used sees fresh memory, of the module's own size */
    public function testAnInstanceMadeInASlotAnEarlierOneUsedSeesFreshMemory(): void
    {
        $instance = Core::open()->instance;
        $renew = fn () => (fn () => $this->instantiate())->call($instance);
        $renew();
        $fresh = $instance->memoryBytes();
        $end = $fresh - 64;
        // The earlier instance grows its memory and writes where the module's data segments do not reach.
        $this->validateMany($instance, 200_000);
        assertGreaterThan($fresh, $instance->memoryBytes());
        $base = $this->memory($instance, fn (\FFI\CData $data) => \FFI::memcpy($data + $end, self::MARK, strlen(self::MARK)));
        assertSame(self::MARK, $this->memory($instance, fn (\FFI\CData $data) => \FFI::string($data + $end, strlen(self::MARK))));

        $renew();

        assertSame($base, $this->memory($instance, fn () => null), 'the new instance took the freed slot');
        assertSame($fresh, $instance->memoryBytes(), 'the memory is the module\'s size, not the grown one');
        $found = $this->memory($instance, fn (\FFI\CData $data) => \FFI::string($data + $end, strlen(self::MARK)));
        assertSame(str_repeat("\0", strlen(self::MARK)), $found, 'the earlier instance\'s bytes are gone');
        $this->validateMany($instance, 3);
    }

    /** @testdox a full pool moves the instance, and the process's next ones, to a new engine */
    public function testAFullPoolMovesTheInstanceToANewEngine(): void
    {
        // PHP frees an instance at the end of its request (or never, after a fatal error): these all stay.
        $cores = [];
        for ($i = 0; $i <= Wasmtime::POOL_INSTANCES; $i++) {
            $cores[] = Core::open();
            assertSame('Foo bar', end($cores)->normalizeTitle('foo_bar'));
        }
        $engines = array_unique(array_map(fn (Core $core) => self::address($core->instance->compiled->engine), $cores));
        assertGreaterThan(1, count($engines), 'the instances span more than one engine');
        assertSame(self::address(end($cores)->instance->compiled->engine), self::address(Core::open()->instance->compiled->engine));
        assertNotSame(self::address($cores[0]->instance->compiled->engine), self::address(end($cores)->instance->compiled->engine));
    }

    /** @testdox an instantiation that fails for another reason than a full pool is an error, on the same engine */
    public function testAnotherInstantiationFailureIsAnError(): void
    {
        $instance = Core::open()->instance;
        $engine = self::address($instance->compiled->engine);
        // A linker without the host's functions: the module's imports are missing.
        $failed = (function () {
            $this->linker = $this->ffi->wasmtime_linker_new($this->compiled->engine);
            try {
                $this->instantiate();
                return null;
            } catch (\RuntimeException $e) {
                return $e->getMessage();
            }
        })->call($instance);
        assertNotNull($failed, 'the failure is thrown, not taken for a full pool');
        assertStringStartsWith('instantiating the module: ', $failed);
        assertFalse(Wasmtime::isPoolFull($failed));
        assertSame($engine, self::address($instance->compiled->engine), 'no new engine was taken');
    }

    private function validateMany(Instance $instance, int $statements): void
    {
        $values = str_repeat('"a value",', $statements) . '"a value"';
        $subject = '{"schema":null,"subject":{"schema":"X","statements":{"A":{"propertyType":"text","value":[' . $values . ']}}}}';
        $answer = json_decode($instance->run('validate', [$subject, null]), true);
        assertSame(['schema-not-found'], array_column($answer['violations'], 'code'));
    }

    /** $use applied to the instance's memory; answers the memory's address when $use answers nothing. */
    private function memory(Instance $instance, Closure $use): mixed
    {
        return (function () use ($use) {
            $data = $this->ffi->wasmtime_memory_data($this->context, \FFI::addr($this->memory->of->memory));
            return $use($data) ?? \FFI::cast('uintptr_t', $data)->cdata;
        })->call($instance);
    }

    private static function address(\FFI\CData $pointer): int
    {
        return \FFI::cast('uintptr_t', $pointer)->cdata;
    }
}
