<?php
/**
 * A refused operation, as the wasm-bindgen exports throw it: a stable `code` (`invalid-argument`,
 * `invalid-schema`, `malformed-content`...), an English message and, where they help, details.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class StrataError extends \RuntimeException
{
    public function __construct(public readonly string $errorCode, string $message, public readonly mixed $details = null)
    {
        parent::__construct($message);
    }

    /** The error the module answered, as its JSON text. */
    public static function fromJson(string $json): self
    {
        $e = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
        return new self((string) $e['code'], (string) $e['message'], $e['details'] ?? null);
    }
}
