<?php
/**
 * The graph index statements on the MediaWiki host, inside a test wiki (`php
 * maintenance/runScript.php THIS_FILE` with the wiki's MW_CONFIG_FILE): a StoreRegistry is one
 * request's stores, so its FalkorDB connection is new and runs the core's `graphIndexes` when it
 * opens; a second save on it does not send them again; the next registry (the next request) does.
 * Uses the wiki's FalkorDB with a scratch graph, deleted at the end, under a store name the wiki
 * does not configure (its state stays `never-built`; no pending markers are written). Prints one
 * JSON object: the graph's indexes after each step.
 */

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Stores\RespConnection;
use MediaWiki\Extension\Strata\Stores\StoreConfig;
use MediaWiki\Extension\Strata\Stores\StoreRegistry;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\MediaWikiServices;
use Psr\Log\NullLogger;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataGraphIndexes extends Maintenance {
	public function execute() {
		require_once CoreGateway::bridgeFile();
		$services = MediaWikiServices::getInstance();
		$url = $services->getMainConfig()->get( 'StrataStores' )['graph']['url'];
		$graph = 'strata_mw_indexes_' . getmypid();
		$raw = new RespConnection( $url, 5000 );
		$raw->command( [ 'GRAPH.DELETE', $graph ], 5000 );
		$registry = fn () => new StoreRegistry( new StoreConfig( [ 'indexcheck' => [ 'type' => 'falkordb', 'url' => $url, 'graph' => $graph ] ] ),
			new StoreStates( $services->getDBLoadBalancer() ), new NullLogger() );
		$save = static fn ( StoreRegistry $r, int $n ) => $r->apply(
			[ [ 'kind' => 'graph', 'store' => 'indexcheck', 'pageId' => $n, 'statements' => [ "CREATE (:Page {id: $n})" ] ] ], [], [] );
		$indexes = static function () use ( $raw, $graph ) {
			$reply = $raw->command( [ 'GRAPH.RO_QUERY', $graph, 'CALL db.indexes() YIELD label, properties RETURN label, properties' ], 5000 );
			$found = is_array( $reply ) ? array_map( static fn ( $row ) => $row[0] . strtr( $row[1], '[]', '()' ), $reply[1] ) : [];
			sort( $found );
			return $found;
		};
		$out = [];
		$first = $registry();
		$save( $first, 1 );
		$out['opened'] = $indexes();
		$raw->command( [ 'GRAPH.DELETE', $graph ], 5000 );
		$save( $first, 2 );
		$out['savedAgain'] = $indexes();
		$save( $registry(), 3 );
		$out['nextRequest'] = $indexes();
		$pages = $raw->command( [ 'GRAPH.RO_QUERY', $graph, 'MATCH (p:Page) RETURN p.id ORDER BY p.id' ], 5000 );
		$out['pages'] = array_map( static fn ( $row ) => $row[0], $pages[1] ?? [] );
		$raw->command( [ 'GRAPH.DELETE', $graph ], 5000 );
		$this->output( json_encode( $out ) . "\n" );
	}
}

$maintClass = StrataGraphIndexes::class;
require_once RUN_MAINTENANCE_IF_MAIN;
