<?php
/**
 * A Schema compiled once inside the module, for validating many Subjects (the wasm-bindgen
 * `Validator`, JSON path).
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class Validator extends Handle
{
    protected const PREFIX = 'validator';

    /** A Subject body `{label?, statements}` and an optional ValidationContext → ValidateResult JSON. */
    public function validateJson(string $subject, ?string $context = null): string
    {
        return $this->run('Validate', [$subject, $context]);
    }
}
