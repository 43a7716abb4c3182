<?php
/**
 * The stores of `$wgStrataStores` for one PHP request: each entry's client opens on first use (a
 * FalkorDB connection first checks that an in-sync graph still holds the build the wiki last wrote),
 * and `apply` carries out the core's `updateStores`: each page update written in order, a store that
 * misses one marked stale (the edit has committed and keeps its answer), the pending markers of the
 * call's pages cleared for every store that took all of its updates.
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use Psr\Log\LoggerInterface;

class StoreRegistry {
	/** @var array<string, FalkorDbStore|SparqlHttpStore> */
	private array $clients = [];

	/**
	 * @var list<string>|null the core's index statements (`graphIndexes`), asked once a PHP process:
	 *   they depend only on the core's build, and every request that opens a graph store needs them
	 */
	private static ?array $graphIndexes = null;

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
		self::$graphIndexes ??= CoreGateway::core()->graphIndexes();
		$client = new FalkorDbStore( $entry['url'], $entry['graph'], self::$graphIndexes, $entry['readUrl'] );
		$this->checkContent( $name, $entry['graph'], $client );
		return $this->clients[$name] = $client;
	}

	/** An in-sync graph whose key is gone, or holds another build than the wiki last wrote, is stale. */
	private function checkContent( string $name, string $graph, FalkorDbStore $client ): void {
		if ( $this->states->state( $name )['state'] !== 'in-sync' ) {
			return;
		}
		$found = $client->contentMarker();
		if ( !$found['exists'] ) {
			$this->markStale( $name, "the graph \"$graph\" is missing on the server (restarted without its data, or deleted)" );
		} elseif ( $found['marker'] !== $this->states->contentMarker( $name ) ) {
			$this->markStale( $name, "the graph \"$graph\" does not hold the build the wiki last wrote" );
		}
	}

	public function markStale( string $name, string $reason ): void {
		$this->states->markStale( $name, $reason );
		$this->log->warning( "store $name is stale: $reason" );
	}

	/**
	 * The `updateStores` operation; never throws. A store that could not be reached gets no more
	 * writes of this call (each would wait for its own timeout).
	 */
	public function apply( array $updates, array $stale, array $pages ): void {
		$missed = [];
		$down = [];
		foreach ( $stale as $s ) {
			if ( $this->config->entry( $s['store'] ) ) {
				$this->markStale( $s['store'], $s['reason'] );
				$missed[$s['store']] = true;
			}
		}
		foreach ( $updates as $update ) {
			$name = $update['store'];
			if ( !$this->config->entry( $name ) || isset( $down[$name] ) ) {
				continue;
			}
			$outcome = $this->write( $name, $update );
			if ( !$outcome['ok'] ) {
				$this->markStale( $name, "page {$update['pageId']} not written: " . ( $outcome['detail'] ?? $outcome['kind'] ?? 'failed' ) );
				$missed[$name] = true;
				if ( ( $outcome['kind'] ?? '' ) === 'unavailable' ) {
					$down[$name] = true;
				}
			}
		}
		foreach ( $this->config->names() as $name ) {
			if ( !isset( $missed[$name] ) && $pages !== [] ) {
				$this->states->clearPending( $name, $pages );
			}
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
			return $client->run( $update['statements'] );
		} );
	}
}
