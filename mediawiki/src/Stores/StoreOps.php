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

	public function updateStores( array $args ): void {
		$this->registry->apply( $args['updates'] ?? [], $args['stale'] ?? [], $args['pages'] ?? [] );
	}

	/** The configured stores' names, whose pending markers a save writes. */
	public function names(): array {
		return $this->registry->config()->names();
	}
}
