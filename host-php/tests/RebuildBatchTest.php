<?php
/**
 * A rebuild batch through the bridge as both hosts send it (Core::projectForStoreBatch): the Subject
 * slots spliced into the request as the JSON they are stored as give the answer the same slots give
 * as strings; a stored slot that is not JSON makes the core answer `details.notJson`, and the batch
 * goes again with strings, that page without Subjects; any other refusal is thrown with its code.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

function rebuildSettings(array $extra = []): array
{
    return $extra + ['name' => 'graph', 'store' => ['type' => 'falkordb', 'projection' => 'native'], 'rdfBaseUri' => 'https://w.example',
        'sourceKey' => 'local', 'start' => false, 'schemas' => ['Note' => '{"propertyDefinitions": {}}'], 'mappings' => []];
}

function rebuildPage(int $pageId, ?string $slot): array
{
    return ['pageId' => $pageId, 'namespace' => 0, 'title' => "Page $pageId", 'prefixedTitle' => "Page $pageId", 'created' => '2026-01-01T00:00:00Z',
        'modified' => '2026-01-01T00:00:00Z', 'lastEditor' => 'Ed', 'categories' => [], 'subjectSlot' => $slot];
}

function noteSlot(int $n): string
{
    $id = sprintf('s%014d', $n);
    return json_encode(['mainSubject' => $id, 'subjects' => [$id => ['label' => "Note \"$n\" é/", 'schema' => 'Note', 'statements' => new stdClass()]]]);
}

final class RebuildBatchTest extends TestCase
{
    /** @testdox slots spliced as JSON give the answer of the same slots as strings */
    public function testSlotsSplicedAsJSONGiveTheAnswerOfTheSameSlotsAsStrings(): void
    {
        $pages = [rebuildPage(1, noteSlot(1)), rebuildPage(2, null), rebuildPage(3, noteSlot(3))];
        $settings = rebuildSettings(['absent' => [sprintf('s%014d', 3)]]);
        $batch = Core::load()->projectForStoreBatch($settings, $pages);
        $asStrings = json_decode(Core::load()->projectForStore(json_encode($settings + ['pages' => $pages])), true);
        assertSame($asStrings, $batch);
        assertSame(2, $batch['projected']);
        assertTrue(str_contains(json_encode($batch['statements']), 'Note \"3\"'), 'the Subjects are written');
    }

    /** @testdox a stored slot that is not JSON is sent again as a string and reads as a page without Subjects */
    public function testAStoredSlotThatIsNotJSONIsSentAgainAsAStringAndReadsAsAPageWithoutSubjects(): void
    {
        $batch = Core::load()->projectForStoreBatch(rebuildSettings(), [rebuildPage(1, noteSlot(1)), rebuildPage(2, '{"subjects": '), rebuildPage(3, noteSlot(3))]);
        $without = Core::load()->projectForStoreBatch(rebuildSettings(), [rebuildPage(1, noteSlot(1)), rebuildPage(3, noteSlot(3))]);
        assertSame($without, $batch);
        assertSame(2, $batch['projected']);
    }

    /** @testdox any other refusal of the core is thrown with its code */
    public function testAnyOtherRefusalOfTheCoreIsThrownWithItsCode(): void
    {
        $e = assertThrows(StrataError::class, fn () => Core::load()->projectForStoreBatch(rebuildSettings(['sourceKey' => 'Not a key']), [rebuildPage(1, noteSlot(1))]));
        assertSame('invalid-argument', $e->errorCode);
        assertTrue(str_starts_with($e->getMessage(), 'sourceKey: '), $e->getMessage());
        assertSame(null, $e->details);
    }
}
