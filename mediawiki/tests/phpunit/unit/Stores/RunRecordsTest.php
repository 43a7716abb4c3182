<?php
/**
 * `Stores\StoreStates` keeps what a rebuild run's record says of its worker and of the saves beside
 * it: a running run that took no step (its start, a batch) since the time it is given moves by the
 * core's `interrupt`, failed with the core's `interrupted` error, while a run that took a step since,
 * and a queued one, stay; an update a store missed marks only the store's running run. The core's
 * table comes from the project's module through the bridge (host-php), as CoreGateway would hand it.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Stores;

use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use PHPUnit\Framework\TestCase;
use Strata\Bridge\Core;

class RunRecordsTest extends TestCase {
	private const LONG_AGO = '20000101000000';

	public static function setUpBeforeClass(): void {
		require_once dirname( __DIR__, 5 ) . '/host-php/autoload.php';
		$table = new \ReflectionProperty( StoreStates::class, 'lifecycle' );
		$table->setValue( null, Core::load()->storeLifecycle() );
	}

	public function testARunIdleSinceTheLimitIsInterruptedAndOthersStay(): void {
		$db = MediaWikiDatabase::sqlite();
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		$run = static function ( string $store, string $state, ?string $started, ?string $progressed ) use ( $db ): int {
			$db->insert( 'strata_rebuild_run', [ 'srr_store' => $store, 'srr_state' => $state, 'srr_requested_by' => 'Test',
				'srr_queued' => self::LONG_AGO, 'srr_started' => $started, 'srr_progressed' => $progressed ], __METHOD__ );
			return $db->insertId();
		};
		$now = wfTimestampNow();
		$dead = $run( 'dead', 'running', self::LONG_AGO, '20000101000500' );
		$neverStepped = $run( 'unstepped', 'running', self::LONG_AGO, null );
		$alive = $run( 'alive', 'running', self::LONG_AGO, $now );
		$waiting = $run( 'waiting', 'queued', null, null );
		$before = wfTimestamp( TS_MW, (int)wfTimestamp( TS_UNIX ) - StoreStates::lifecycle()['abandonedAfterSeconds'] );

		$moved = [];
		foreach ( [ 'dead', 'unstepped', 'alive', 'waiting' ] as $store ) {
			$moved[$store] = array_column( $states->interruptRunsIdleSince( $store, $before ), 'id' );
		}
		$this->assertSame( [ 'dead' => [ $dead ], 'unstepped' => [ $neverStepped ], 'alive' => [], 'waiting' => [] ], $moved );
		foreach ( [ $dead, $neverStepped ] as $id ) {
			$record = $states->runById( $id );
			$this->assertSame( [ 'failed', StoreStates::lifecycle()['interrupted'] ], [ $record['state'], $record['error'] ] );
			$this->assertNotNull( $record['finishedAt'] );
		}
		$this->assertSame( 'running', $states->runById( $alive )['state'] );
		$this->assertSame( 'queued', $states->runById( $waiting )['state'] );
		$this->assertSame( [], $states->interruptRunsIdleSince( 'dead', $before ), 'once only' );
	}

	public function testStartingAndEachBatchMarkTheRunsLastStep(): void {
		$db = MediaWikiDatabase::sqlite();
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		$id = $states->queueRun( 'graph', 'Test' )['run']['id'];
		$stepped = static fn () => $db->selectField( 'strata_rebuild_run', 'srr_progressed', [ 'srr_id' => $id ], __METHOD__ );
		$this->assertNull( $stepped() );
		$this->assertTrue( $states->startRun( $id, 10 ) );
		$this->assertNotNull( $stepped() );
		$db->update( 'strata_rebuild_run', [ 'srr_progressed' => self::LONG_AGO ], [ 'srr_id' => $id ], __METHOD__ );
		$states->recordProgress( $id, 5, 0 );
		$this->assertGreaterThan( self::LONG_AGO, $stepped() );
		$later = wfTimestamp( TS_MW, (int)wfTimestamp( TS_UNIX ) - 60 );
		$this->assertSame( [], $states->interruptRunsIdleSince( 'graph', $later ), 'a batch a minute ago' );
	}

	public function testAMissedUpdateMarksOnlyTheStoresRunningRun(): void {
		$db = MediaWikiDatabase::sqlite();
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		$running = $states->queueRun( 'graph', 'Test' )['run']['id'];
		$states->startRun( $running, 3 );
		$queued = $states->queueRun( 'sparql', 'Test' )['run']['id'];
		$other = $states->queueRun( 'other', 'Test' )['run']['id'];
		$states->startRun( $other, 3 );
		$this->assertFalse( $states->runMissed( $running ) );
		$states->runMissedAnUpdate( 'graph' );
		$states->runMissedAnUpdate( 'sparql' );
		$this->assertSame( [ true, false, false ], [ $states->runMissed( $running ), $states->runMissed( $queued ), $states->runMissed( $other ) ],
			'the running run of the store only: a queued run reads the page after the save' );
		$states->succeedRun( $other );
		$states->runMissedAnUpdate( 'other' );
		$this->assertFalse( $states->runMissed( $other ), 'a finished run stays as it ended' );
	}
}
