<?php
/**
 * The store lifecycle through the bridge (Core::storeLifecycle, Core::storeEvent), as MediaWiki's
 * StoreStates asks it: the run moves' table, a store without a row that stays never-built, the
 * status after an event with the core's reason, and a refused event.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use function PHPUnit\Framework\assertSame;

final class StoreLifecycleTest extends TestCase
{
    public function testTheTableGivesEachRunMoveItsStates(): void
    {
        $table = Core::load()->storeLifecycle();
        assertSame(['state' => 'never-built', 'reason' => null, 'marker' => null], $table['neverBuilt']);
        assertSame(['queued', 'running'], $table['activeRuns']);
        assertSame(['from' => ['queued', 'running'], 'to' => 'cancelled'], $table['runMoves']['cancel']);
        assertSame(['from' => [], 'to' => 'queued'], $table['runMoves']['queue']);
        assertSame(['in-sync'], $table['checkContentIn']);
    }

    public function testAStoreMovesByEventsWithTheCoresReasons(): void
    {
        $core = Core::load();
        $stale = ['event' => 'updateFailed', 'pageId' => 7, 'detail' => 'refused'];
        assertSame(null, $core->storeEvent(null, $stale));
        $built = $core->storeEvent(null, ['event' => 'built', 'marker' => 'b1']);
        assertSame(['state' => 'in-sync', 'reason' => null, 'marker' => 'b1'], $built);
        assertSame(['state' => 'stale', 'reason' => 'page 7 not written: refused', 'marker' => 'b1'], $core->storeEvent($built, $stale));
        $found = ['event' => 'contentChecked', 'graph' => 'strata', 'found' => ['exists' => true, 'marker' => 'b1']];
        assertSame(null, $core->storeEvent($built, $found));
        $left = $core->storeEvent($built, ['event' => 'pendingLeft', 'count' => 2, 'cause' => 'requestEnded']);
        assertSame('2 saved pages were not acknowledged by the store before the saving request ended', $left['reason']);
    }

    public function testAnEventTheCoreDoesNotKnowIsRefused(): void
    {
        $e = assertThrows(StrataError::class, fn () => Core::load()->storeEvent(null, ['event' => 'rebuilt']));
        assertSame('invalid-argument', $e->errorCode);
    }
}
