<?php
/**
 * handleRoute end to end in PHP: REST requests answered by the core through the bridge, with the
 * in-memory PHP host storing the pages. A Schema is written, then a Subject is created, read,
 * replaced and validated, and bad requests get the core's error codes.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

require_once __DIR__ . '/support/rest.php';

final class RouteTest extends TestCase
{
    /** @testdox a Subject is created, read, replaced and validated through the REST routes */
    public function testASubjectIsCreatedReadReplacedAndValidatedThroughTheRESTRoutes(): void
    {
        $host = bookHost();
        [$status, $created] = rest($host, 'POST', '/strata/v0/subjects', BOOK + ['comment' => 'new book']);
        assertSame(201, $status, json_encode($created));
        $id = $created['subject']['id'];
        assertSame('Harbour Lights', $created['subject']['pageTitle']);
        assertSame('en', $created['subject']['statements']['Title']['value'][0]['language'], 'stored normalized');

        [$status, $read] = rest($host, 'GET', "/strata/v0/subject/$id");
        assertSame(200, $status);
        assertSame($id, $read['requestedId']);
        assertSame('Harbour Lights', $read['subjects'][$id]['label']);
        assertSame($created['subject']['statements'], $read['subjects'][$id]['statements']);

        $replacement = ['label' => 'Harbour Lights (2nd ed.)', 'statements' => BOOK['statements'], 'comment' => 'relabel'];
        [$status, $replaced] = rest($host, 'PUT', "/strata/v0/subject/$id", $replacement);
        assertSame(200, $status, json_encode($replaced));
        [, $read] = rest($host, 'GET', "/strata/v0/subject/$id");
        assertSame('Harbour Lights (2nd ed.)', $read['subjects'][$id]['label']);

        [$status, $checked] = rest($host, 'POST', "/strata/v0/subject/$id/validate", ['statements' => ['Title' => ['propertyType' => 'monolingualText', 'value' => []]]]);
        assertSame(200, $status, json_encode($checked));
        assertTrue(in_array('required', array_column($checked['violations'], 'code'), true), 'the required Title is reported: ' . json_encode($checked));
        [$status, $checked] = rest($host, 'POST', '/strata/v0/subject/validate', BOOK);
        assertSame(200, $status, json_encode($checked));
        [, $read] = rest($host, 'GET', "/strata/v0/subject/$id");
        assertSame('Harbour Lights (2nd ed.)', $read['subjects'][$id]['label'], 'validating writes nothing');
    }

    /** @testdox bad requests get the core error codes, and the host keeps no half-written page */
    public function testBadRequestsGetTheCoreErrorCodesAndTheHostKeepsNoHalfWrittenPage(): void
    {
        $host = bookHost();
        $cases = [
            ['GET', '/strata/v0/subject/s1nothereaaaaa1', null, 404],
            ['GET', '/strata/v0/subject/not-an-id', null, 400],
            ['POST', '/strata/v0/subjects', ['schema' => 5], 400],
            ['POST', '/strata/v0/subjects', ['schema' => 'Book', 'statements' => ['Title' => ['propertyType' => 'number', 'value' => 'x']]], 400],
            ['PUT', '/strata/v0/subject/s1nothereaaaaa1', ['statements' => new stdClass()], 404],
        ];
        foreach ($cases as [$method, $path, $body, $want]) {
            [$status, $answer] = rest($host, $method, $path, $body);
            assertSame($want, $status, "$method $path: " . json_encode($answer));
            assertTrue(errorCode($answer) !== null, "$method $path has an error code: " . json_encode($answer));
        }
        $host->rights = ['read'];
        [$status, $answer] = rest($host, 'POST', '/strata/v0/subjects', BOOK, ['read']);
        assertSame([403, 'permission-denied'], [$status, errorCode($answer)], 'a reader may not create');
        assertSame(['pages' => []], $host->listPages(['namespace' => 0, 'after' => null, 'limit' => 10, 'prefix' => null]), 'nothing was saved');
    }
}
