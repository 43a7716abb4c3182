<?php
/**
 * Schemas compiled once inside the module, for validating many Subjects of any of them in one call
 * (the wasm-bindgen `BatchValidator`, JSON path): one FFI crossing per batch instead of per Subject.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class BatchValidator extends Handle
{
    protected const PREFIX = 'batchValidator';

    /**
     * `[{subject, context?}]` (each subject names its Schema) → `{violations: [[Violation] | null],
     * errors: [{index, code, message}]}`, one entry per item in order.
     */
    public function validateJson(string $items): string
    {
        return $this->run('Validate', [$items]);
    }
}
