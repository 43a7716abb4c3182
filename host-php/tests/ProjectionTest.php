<?php
/**
 * projectPageChanges through the bridge: a page the host saved itself is projected into the stores
 * the host configures, and the stores' share reaches the host's updateStores.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

require_once __DIR__ . '/support/rest.php';

final class ProjectionTest extends TestCase
{
    /** @testdox a page the host saved itself is projected into the configured stores */
    public function testAPageTheHostSavedItselfIsProjectedIntoTheConfiguredStores(): void
    {
        $host = bookHost(['stores' => ['graph' => ['type' => 'falkordb'], 'rdf' => ['type' => 'oxigraph-embedded']]]);
        [$status, $created] = rest($host, 'POST', '/strata/v0/subjects', BOOK);
        assertSame(201, $status, json_encode($created));
        $pageId = $created['subject']['pageId'];
        $before = count($host->storeUpdates);

        $answer = Core::load()->projectPageChanges(json_encode(['changes' => [['pageId' => $pageId, 'namespace' => 0, 'baseRevisionId' => null]]]), $host);
        assertSame('null', $answer);
        assertSame($before + 1, count($host->storeUpdates), 'one updateStores call');
        $updates = end($host->storeUpdates)['updates'];
        assertSame(['graph', 'sparql'], array_column($updates, 'kind'));
        assertSame([$pageId, $pageId], array_column($updates, 'pageId'));
        assertTrue(str_contains($updates[1]['trig'], 'Harbour Lights'), 'the TriG holds the Subject');
        $e = assertThrows(StrataError::class, fn () => Core::load()->projectPageChanges('', $host), 'a malformed request');
        assertSame('invalid-argument', $e->errorCode);
    }
}
