<?php
/**
 * REST requests through handleRoute for the bridge's tests: one request as a caller, the error code
 * of an answer, and an in-memory wiki holding the example Book Schema.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\Testing\MemoryHost;

use function PHPUnit\Framework\assertTrue;

/** Sends one REST request as Admin; answers [status, decoded body, headers]. */
function rest(MemoryHost $host, string $method, string $path, mixed $body = null, array $rights = ['read', 'edit', 'createpage', 'strata-query']): array
{
    $request = json_encode([
        'method' => $method, 'path' => $path, 'query' => new stdClass(),
        'headers' => ['accept' => 'application/json'] + ($body === null ? [] : ['content-type' => 'application/json']),
        'body' => $body === null ? null : json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
        'caller' => ['userId' => 1, 'name' => 'Admin', 'anonymous' => false, 'bot' => false, 'groups' => ['*', 'user'], 'rights' => $rights, 'csrfValid' => true],
    ], JSON_UNESCAPED_SLASHES);
    $response = json_decode(Core::load()->handleRoute($request, $host), true, 512, JSON_THROW_ON_ERROR);
    return [$response['status'], json_decode($response['body'] ?? 'null', true), $response['headers']];
}

function errorCode(?array $body): ?string
{
    return is_string($body['error'] ?? null) ? $body['error'] : null;
}

/** A wiki holding the Book Schema, with the given settings. */
function bookHost(array $settings = []): MemoryHost
{
    $host = new MemoryHost($settings + ['rdfBaseUri' => 'https://wiki.example/']);
    [$status, $body] = rest($host, 'PUT', '/strata/v0/schema/Book', ['schema' => json_decode(file_get_contents(repoRoot() . '/examples/wiki/Schema/Book.json')), 'comment' => 'Book']);
    assertTrue($status < 300, "the Schema is written: $status " . json_encode($body));
    return $host;
}

const BOOK = ['schema' => 'Book', 'label' => 'Harbour Lights', 'statements' => ['Title' => ['propertyType' => 'monolingualText', 'value' => [['text' => 'Harbour Lights', 'language' => 'EN']]]]];

