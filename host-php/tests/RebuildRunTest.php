<?php
/**
 * A store rebuild run through the bridge (Core::rebuildRun), stepped as MediaWiki's StoreRebuild
 * steps it: the stored slots go in as their own bytes (the core splices them; a slot that is not JSON
 * reads as a page without Subjects), registered sources name foreign relation targets by their own
 * IRIs, a graph batch after the first reads the Subject index, and a refusal of the core fails the
 * run with its code.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

function rebuildSetup(array $extra = []): string
{
    return json_encode($extra + ['runId' => 3, 'name' => 'sparql', 'store' => ['type' => 'sparql-http', 'projection' => 'native'],
        'rdfBaseUri' => 'https://w.example', 'sourceKey' => 'local', 'changeMark' => '1:1',
        'sources' => ['alpha' => ['baseUrl' => 'http://127.0.0.1:9/rest.php', 'rdfBaseUri' => 'https://alpha.example']]]);
}

function rebuildPage(int $pageId): array
{
    return ['pageId' => $pageId, 'namespace' => 0, 'title' => "Page $pageId", 'prefixedTitle' => "Page $pageId", 'created' => '2026-01-01T00:00:00Z',
        'modified' => '2026-01-01T00:00:00Z', 'lastEditor' => 'Ed', 'categories' => []];
}

function noteSlot(int $n, array $targets = []): string
{
    $id = sprintf('s%014d', $n);
    $statements = $targets ? ['Knows' => ['propertyType' => 'relation', 'value' => array_map(
        static fn ($t, $i) => ['id' => sprintf('r%07d%07d', $n, $i), 'target' => $t],
        $targets,
        array_keys($targets)
    )]] : new stdClass();
    return json_encode(['mainSubject' => $id, 'subjects' => [$id => ['label' => "Note \"$n\" é/", 'schema' => 'Note', 'statements' => $statements]]]);
}

/**
 * Steps a run over `$slots` (page id => slot text or null), every page in one batch unless
 * `batchPages` says otherwise; answers [the done step, the writes, the steps taken].
 */
function stepRun(string $setup, array $slots): array
{
    $run = Core::load()->rebuildRun($setup);
    $schema = '{"propertyDefinitions": {"Knows": {"type": "relation", "relation": "Knows",'
        . ' "targetSchemas": ["Note", {"source": "alpha", "name": "Note"}], "multiple": true}}}';
    $writes = $taken = [];
    while (true) {
        $step = $run->next();
        $taken[] = $step['step'];
        switch ($step['step']) {
            case 'namespacePages':
                $run->answer($step['namespace'] === 7474 ? [['title' => 'Note', 'text' => $schema]] : []);
                break;
            case 'checkRun':
                $run->answer('running');
                break;
            case 'pages':
                $ids = array_slice(array_values(array_filter(array_keys($slots), static fn ($id) => $id > $step['afterId'])), 0, $step['limit']);
                $run->answerPages(array_map('rebuildPage', $ids), array_map(static fn ($id) => $slots[$id], $ids));
                break;
            case 'changeMark':
                $run->answer('1:1');
                break;
            case 'subjectsOn':
                $run->answer(array_map(static fn ($p) => sprintf('s%014d', $p), $step['pageIds']));
                break;
            case 'pagesOf':
                $run->answer(new stdClass());
                break;
            case 'write':
                $writes[] = $step;
                $run->written(['ok' => true]);
                break;
            case 'persist':
                $run->answer(['ok' => true]);
                break;
            case 'markContent':
                $run->answer(['ok' => true, 'marker' => 'm1']);
                break;
            case 'done':
                return [$step, $writes, $taken];
        }
    }
}

final class RebuildRunTest extends TestCase
{
    /** @testdox a run writes every page, naming a source's Subjects by the source's IRIs */
    public function testARunWritesEveryPageNamingASourcesSubjectsByTheSourcesIris(): void
    {
        [$done, $writes] = stepRun(rebuildSetup(), [1 => noteSlot(1, ['alpha:s1per1aaaaaaa05']), 2 => null, 3 => noteSlot(3)]);
        assertSame(['step' => 'done', 'run' => 'succeeded', 'error' => null, 'stale' => null, 'marker' => null], $done);
        assertSame(1, count($writes));
        assertTrue($writes[0]['clear'], 'the first write clears the store');
        assertTrue(str_contains($writes[0]['trig'], '<https://alpha.example/entity/s1per1aaaaaaa05>'), $writes[0]['trig']);
        assertTrue(str_contains($writes[0]['trig'], 'Note \"3\" é/'), 'the Subjects are written');
    }

    /** @testdox a stored slot that is not JSON reads as a page without Subjects */
    public function testAStoredSlotThatIsNotJsonReadsAsAPageWithoutSubjects(): void
    {
        [, $writes] = stepRun(rebuildSetup(), [1 => noteSlot(1), 2 => '{"subjects": ', 3 => noteSlot(3)]);
        [, $without] = stepRun(rebuildSetup(), [1 => noteSlot(1), 3 => noteSlot(3)]);
        assertSame($without[0]['trig'], $writes[0]['trig']);
    }

    /** @testdox a graph batch after the first reads the Subject index */
    public function testAGraphBatchAfterTheFirstReadsTheSubjectIndex(): void
    {
        $setup = rebuildSetup(['name' => 'graph', 'store' => ['type' => 'falkordb', 'projection' => 'native'], 'batchPages' => 1]);
        [$done, $writes, $taken] = stepRun($setup, [1 => noteSlot(1), 2 => noteSlot(2)]);
        assertSame('succeeded', $done['run']);
        assertSame('m1', $done['marker'], 'the content marker written after the batches');
        assertSame(['persist', 'markContent', 'done'], array_slice($taken, -3));
        assertSame(2, count($writes));
        assertTrue($writes[0]['createIndexes'] && !$writes[1]['createIndexes'], 'the first write makes the indexes');
        assertSame(1, count(array_keys($taken, 'subjectsOn')), implode(' ', $taken));
    }

    /** @testdox a refusal of the core fails the run with its code */
    public function testARefusalOfTheCoreFailsTheRunWithItsCode(): void
    {
        [$done, $writes] = stepRun(rebuildSetup(['sourceKey' => 'Not a key']), [1 => noteSlot(1)]);
        assertSame('failed', $done['run']);
        assertTrue(str_starts_with($done['error'], 'the core refused the batch of pages 1 to 1: invalid-argument: sourceKey: '), $done['error']);
        assertSame("rebuild run 3 failed: {$done['error']}", $done['stale']);
        assertSame([], $writes);
        $e = assertThrows(StrataError::class, fn () => Core::load()->rebuildRun('{"runId": 1}'));
        assertSame('invalid-argument', $e->errorCode);
    }
}
