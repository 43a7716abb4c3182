<?php
/**
 * Answers the module's `strata_host.call` import with the Host given for the current operation: the
 * op's JSON arguments go to the Host method of the same name, its result comes back as JSON text. A
 * failure (no host, an unknown op, an exception) is answered as a message, which the core reports as
 * a host error: it never traps the instance.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class HostCalls
{
    public ?Host $host = null;

    /** @var array<string, true> the module's `hostOperations` */
    public array $operations = [];

    /** @return array{0: int, 1: string} status (0 result, 1 failure message) and the answer's text */
    public function answer(string $op, string $argsJson): array
    {
        if ($this->host === null) {
            return [1, "host operation \"$op\": this call was made without a host"];
        }
        if (!isset($this->operations[$op])) {
            return [1, "unknown host operation \"$op\""];
        }
        try {
            $args = $argsJson === '' ? [] : json_decode($argsJson, true, 512, JSON_THROW_ON_ERROR);
            $result = $this->host->{$op}($args ?? []);
            return [0, json_encode($result, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR)];
        } catch (\Throwable $e) {
            return [1, "host operation \"$op\" failed: " . $e->getMessage()];
        }
    }
}
