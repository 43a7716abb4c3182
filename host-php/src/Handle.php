<?php
/**
 * An object kept inside the module (a compiled Validator, an RdfProjector), named by a handle. When
 * a trap replaced the instance, the object is made again from its constructor's arguments.
 */

declare(strict_types=1);

namespace Strata\Bridge;

abstract class Handle
{
    private int $handle = 0;
    private int $generation = 0;

    /** @param list<?string> $constructorArgs */
    public function __construct(protected readonly Instance $instance, private readonly array $constructorArgs)
    {
        $this->handle();
    }

    public function __destruct()
    {
        if ($this->handle !== 0 && $this->generation === $this->instance->generation) {
            $this->instance->release(static::PREFIX . 'Free', $this->handle);
        }
    }

    /** Calls a method of the kept object: `$method` is the export's name after the prefix. */
    protected function run(string $method, array $args): string
    {
        return $this->instance->run(static::PREFIX . $method, [$this->handle(), ...$args]);
    }

    private function handle(): int
    {
        if ($this->generation !== $this->instance->generation) {
            $this->handle = (int) $this->instance->run(static::PREFIX . 'New', $this->constructorArgs);
            $this->generation = $this->instance->generation;
        }
        return $this->handle;
    }
}
