<?php
/**
 * The stores of `$wgStrataStores` for one PHP request: each entry's client opens on first use (a
 * FalkorDB connection first checks that an in-sync graph still holds the build the wiki last wrote),
 * and `apply` carries out the core's `updateStores` (after the answer: `StoreOps::updateStores`):
 * each page update written in order, a store that misses one marked stale (the edit has committed and
 * keeps its answer), then the pending markers of the call's pages cleared for every store that took
 * all of its updates. A miss while a rebuild of the store runs is recorded on the run, which then
 * cannot leave the store in-sync.
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use Psr\Log\LoggerInterface;

class StoreRegistry {
	/** @var array<string, FalkorDbStore|SparqlHttpStore> */
	private array $clients = [];

	public function __construct( private StoreConfig $config, private StoreStates $states, private LoggerInterface $log ) {
	}

	/** The stores of this wiki's `$wgStrataStores`. */
	public static function ofWiki( MediaWikiServices $services ): self {
		return new self( new StoreConfig( $services->getMainConfig()->get( 'StrataStores' ) ),
			new StoreStates( $services->getDBLoadBalancer() ), LoggerFactory::getInstance( 'Strata' ) );
	}

	public function config(): StoreConfig {
		return $this->config;
	}

	public function states(): StoreStates {
		return $this->states;
	}

	/** The client of store $name, opened on first use; throws RespFailure when FalkorDB cannot be reached. */
	public function client( string $name ): FalkorDbStore|SparqlHttpStore {
		if ( isset( $this->clients[$name] ) ) {
			return $this->clients[$name];
		}
		$entry = $this->config->entry( $name );
		if ( $entry['kind'] === 'sparql' ) {
			return $this->clients[$name] = new SparqlHttpStore( $entry['url'] );
		}
		$memo = GraphIndexMemo::ofServer();
		$client = new FalkorDbStore( $entry['url'], $entry['graph'], $memo->statements(), $entry['readUrl'], memo: $memo );
		$this->checkContent( $name, $entry['graph'], $client );
		return $this->clients[$name] = $client;
	}

	/** The server's content marker, read in the states the core checks, goes to the core (`contentChecked`). */
	private function checkContent( string $name, string $graph, FalkorDbStore $client ): void {
		if ( in_array( $this->states->state( $name )['state'], StoreStates::lifecycle()['checkContentIn'], true ) ) {
			$this->event( $name, [ 'event' => 'contentChecked', 'graph' => $graph, 'found' => $client->contentMarker() ] );
		}
	}

	/** What happened to store $name (the core's `StoreEvent`); a store it makes stale is logged. */
	public function event( string $name, array $event ): void {
		$next = $this->states->apply( $name, $event );
		if ( $next !== null && $next['reason'] !== null ) {
			$this->log->warning( "store $name is stale: {$next['reason']}" );
		}
	}

	public function markStale( string $name, string $reason ): void {
		$this->event( $name, [ 'event' => 'stale', 'reason' => $reason ] );
	}

	/**
	 * The `updateStores` operation; never throws. A store that could not be reached gets no more
	 * writes of this call (each would wait for its own timeout).
	 */
	public function apply( array $updates, array $stale, array $pages ): void {
		$missed = [];
		$down = [];
		// Post-send writes of two saves of one page may run at once in two workers: a write whose page
		// was saved again since is left to that save's own (its marker stays until a write clears it,
		// or turns the store stale once abandoned), and a write found overtaken only after it was
		// made may have landed after the later one's: its store goes stale. Both reads are made only
		// for pages with a write to make (none on a wiki without stores).
		$updated = array_flip( array_column( array_filter( $updates, fn ( $u ) => $this->config->entry( $u['store'] ) !== null ), 'pageId' ) );
		$overtaken = $this->states->overtaken( array_filter( $pages, static fn ( $page ) => isset( $updated[$page['pageId']] ) ) );
		$written = [];
		foreach ( $stale as $s ) {
			if ( $this->config->entry( $s['store'] ) ) {
				$this->markStale( $s['store'], $s['reason'] );
				$missed[$s['store']] = true;
			}
		}
		foreach ( $updates as $update ) {
			$name = $update['store'];
			if ( !$this->config->entry( $name ) || isset( $down[$name] ) || isset( $overtaken[$update['pageId']] ) ) {
				continue;
			}
			$outcome = $this->write( $name, $update );
			$written[$update['pageId']][] = $name;
			if ( !$outcome['ok'] ) {
				$this->event( $name, [ 'event' => 'updateFailed', 'pageId' => $update['pageId'],
					'kind' => $outcome['kind'] ?? null, 'detail' => $outcome['detail'] ?? null ] );
				$missed[$name] = true;
				if ( ( $outcome['kind'] ?? '' ) === 'unavailable' ) {
					$down[$name] = true;
				}
			}
		}
		$late = $this->states->overtaken( array_filter( $pages, static fn ( $page ) => isset( $written[$page['pageId']] ) ) );
		foreach ( array_keys( $late ) as $pageId ) {
			foreach ( $written[$pageId] as $name ) {
				if ( !$this->states->isPending( $name, $pageId ) ) {
					$this->event( $name, [ 'event' => 'updateFailed', 'pageId' => $pageId, 'kind' => null,
						'detail' => 'a later save of the page was written first; this older write may have replaced it' ] );
					$missed[$name] = true;
				}
			}
		}
		foreach ( array_keys( $missed ) as $name ) {
			$this->states->runMissedAnUpdate( $name );
		}
		$cleared = array_values( array_filter( $pages, static fn ( $page ) => !isset( $overtaken[$page['pageId']] ) ) );
		if ( $cleared !== [] ) {
			$this->states->clearPending( array_values( array_diff( $this->config->names(), array_keys( $missed ) ) ), $cleared );
		}
	}

	/** Runs $task with the store's client: its answer, or an `unavailable` failure when it cannot open. */
	public function with( string $name, callable $task ): array {
		try {
			return $task( $this->client( $name ) );
		} catch ( RespFailure $e ) {
			unset( $this->clients[$name] );
			return [ 'ok' => false, 'kind' => 'unavailable', 'status' => null, 'detail' => $e->getMessage() ];
		}
	}

	private function write( string $name, array $update ): array {
		return $this->with( $name, static function ( $client ) use ( $update ) {
			if ( $update['kind'] !== 'graph' ) {
				return $client->replaceGraph( $update['graph'], $update['trig'] );
			}
			return $client->runAll( $update['statements'] );
		} );
	}
}
