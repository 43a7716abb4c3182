<?php
/**
 * The store operations of the Host port on MediaWiki (docs/stores.md, "The store operations of the
 * host"): the configured stores with their states and runs, rebuild runs queued as MediaWiki jobs,
 * the query endpoints' calls to the first store of each kind, and projection on save
 * (`updateStores`). MediaWiki has no start-up, and many processes: what one left behind is found by
 * age, the core's `abandonedAfterSeconds`. A pending marker that old means the saving request ended
 * without the store's acknowledgement, a running run that took no step for that long that its job
 * died (a time limit, a crash): the marker makes its store stale, the run is interrupted, as the
 * reference host decides both at start-up.
 */

namespace MediaWiki\Extension\Strata\Stores;

use DeferredUpdates;
use JobQueueGroup;
use MediaWiki\MediaWikiServices;
use User;

class StoreOps {
	private StoreRegistry $registry;

	public function __construct( private MediaWikiServices $services, private User $user ) {
		$this->registry = StoreRegistry::ofWiki( $services );
	}

	public function graphStores(): array {
		$states = $this->registry->states();
		$stores = [];
		foreach ( $this->registry->config()->names() as $name ) {
			$this->checkAbandoned( $name );
			$entry = $this->registry->config()->entry( $name );
			$state = $states->state( $name );
			$stores[] = [
				'name' => $name, 'type' => $entry['type'], 'projection' => $entry['projection'],
				'state' => $state['state'], 'stateReason' => $state['reason'],
				'activeRun' => $states->activeRun( $name ), 'lastSuccessfulRun' => $states->lastSuccessfulRun( $name ),
			];
		}
		return [ 'stores' => $stores ];
	}

	/**
	 * What ended processes left of store $name: pending markers of requests that ended unacknowledged
	 * make it stale, and a run whose job died is interrupted. Before a listing and a new run.
	 */
	public function checkAbandoned( string $name ): void {
		$states = $this->registry->states();
		$before = wfTimestamp( TS_MW, (int)wfTimestamp( TS_UNIX ) - StoreStates::lifecycle()['abandonedAfterSeconds'] );
		foreach ( $states->interruptRunsIdleSince( $name, $before ) as $run ) {
			$this->registry->event( $name, [ 'event' => 'runInterrupted', 'runId' => $run['id'] ] );
		}
		$count = $states->abandonedMarkers( $name, $before );
		// None: no call into the core (a listing runs inside one, so each call would need another instance).
		if ( $count > 0 ) {
			$this->registry->event( $name, [ 'event' => 'pendingLeft', 'count' => $count, 'cause' => 'requestEnded' ] );
		}
	}

	public function startRebuild( string $name ): array {
		if ( !$this->registry->config()->entry( $name ) ) {
			return [ 'outcome' => 'unknown', 'run' => null ];
		}
		$this->checkAbandoned( $name );
		$start = $this->registry->states()->queueRun( $name, $this->user->getName() );
		if ( $start['outcome'] === 'queued' ) {
			$this->jobQueue()->push( RebuildJob::forRun( $start['run']['id'] ) );
		}
		return $start;
	}

	private function jobQueue(): JobQueueGroup {
		return $this->services->getJobQueueGroup();
	}

	public function cancelRebuild( string $name ): array {
		return [ 'run' => $this->registry->config()->entry( $name ) ? $this->registry->states()->cancelRun( $name ) : null ];
	}

	public function sparqlQuery( string $query, int $timeoutMs ): array {
		$name = $this->registry->config()->first( 'sparql' );
		if ( $name === null ) {
			return [ 'ok' => false, 'kind' => 'unavailable', 'status' => null, 'detail' => 'no SPARQL store is configured' ];
		}
		return $this->registry->with( $name, static fn ( SparqlHttpStore $store ) => $store->query( $query, $timeoutMs ) );
	}

	/** @param list<array{key: string, query: string}> $catalog the core's catalog reads */
	public function cypherQuery( string $query, int $timeoutMs, array $catalog ): array {
		$name = $this->registry->config()->first( 'graph' );
		if ( $name === null ) {
			return [ 'ok' => false, 'kind' => 'unavailable', 'detail' => 'no graph store is configured' ];
		}
		$answer = $this->registry->with( $name, static fn ( FalkorDbStore $store ) => $store->read( $query, $catalog, $timeoutMs ) );
		unset( $answer['status'] );
		return $answer;
	}

	/**
	 * The `updateStores` operation: the stores are written once the client has its answer (a
	 * post-send deferred update; `Rest/CoreRouteHandler` closes the answer first), the save being
	 * durable with its pending markers; the markers go once the stores took the writes. A worker
	 * killed before that leaves them, which `checkAbandoned` turns into a stale store. On the command
	 * line the update runs once no transaction is open.
	 */
	public function updateStores( array $args ): void {
		DeferredUpdates::addCallableUpdate( fn () => $this->registry->apply( $args['updates'] ?? [], $args['stale'] ?? [], $args['pages'] ?? [] ),
			DeferredUpdates::POSTSEND );
	}

	/**
	 * The `awaitProjection` operation (a store query's read-your-writes): waits for the pending
	 * markers of the first store of $kind (every store when null) that exist now and are younger than
	 * $waitMs, until their store took them (they are gone), failed one (its state changed to stale), or
	 * the youngest is $waitMs old; then answers `{pending}`, the markers left. Polls the markers, each
	 * read after a snapshot flush (the request-wide transaction would show the same rows again).
	 * Marker times are seconds (`spp_marked`); no request waits longer than $waitMs.
	 */
	public function awaitProjection( ?string $kind, int $waitMs ): array {
		$names = $kind === null ? $this->names() : array_filter( [ $this->registry->config()->first( $kind ) ] );
		$states = $this->registry->states();
		$arrived = microtime( true );
		$since = wfTimestamp( TS_MW, (int)floor( $arrived - $waitMs / 1000 ) );
		$waiting = [];
		$youngest = 0;
		foreach ( $names as $name ) {
			$markers = $states->pendingSince( $name, $since );
			if ( $markers !== [] ) {
				$waiting[$name] = [ 'pages' => array_keys( $markers ), 'status' => $states->state( $name ) ];
				$youngest = max( $youngest, (int)wfTimestamp( TS_UNIX, max( $markers ) ) );
			}
		}
		$deadline = min( $youngest + 1 + $waitMs / 1000, $arrived + $waitMs / 1000 );
		$pause = 2000;
		while ( true ) {
			$pending = 0;
			foreach ( $waiting as $name => $wait ) {
				$left = $states->stillPending( $name, $wait['pages'], $since );
				$status = $states->state( $name );
				if ( $left === 0 || ( $status !== $wait['status'] && $status['state'] === 'stale' ) ) {
					unset( $waiting[$name] );
				} else {
					$pending += $left;
				}
			}
			$now = microtime( true );
			if ( $pending === 0 || $now >= $deadline ) {
				return [ 'pending' => $pending ];
			}
			usleep( (int)min( $pause, ( $deadline - $now ) * 1e6 ) );
			$pause = min( $pause * 2, 50000 );
		}
	}

	/** The configured stores' names, whose pending markers a save writes. */
	public function names(): array {
		return $this->registry->config()->names();
	}
}
