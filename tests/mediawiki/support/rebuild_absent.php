<?php
/**
 * Graph rebuilds on the MediaWiki host, inside a test wiki (`php maintenance/runScript.php THIS_FILE
 * PAGE_TITLE SUBJECT_ID` with the wiki's MW_CONFIG_FILE): the wiki's Subjects rebuilt into scratch graphs of
 * the wiki's FalkorDB (deleted at the end), under a store name the wiki does not configure, by
 * StoreRebuild as a job or rebuildStores.php runs it:
 *
 * - `whole`: in one batch;
 * - `paged`: one page a batch, nothing else happening;
 * - `saved`: one page a batch, and after the first batch a save of PAGE_TITLE (a new revision) and,
 *   as a save's projection would, the Subject SUBJECT_ID written into the graph before its batch
 *   comes.
 *
 * Prints one JSON object: each run's graph (nodes and edges, sorted) and the `absent` IDs each batch
 * sent, in order; then `refused`: the record of a run whose request the core refuses (a source key
 * it does not accept), which fails with the core's code and message.
 */

use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Stores\RespConnection;
use MediaWiki\Extension\Strata\Stores\StoreConfig;
use MediaWiki\Extension\Strata\Stores\StoreRebuild;
use MediaWiki\Extension\Strata\Stores\StoreRegistry;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\MediaWikiServices;
use Psr\Log\NullLogger;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataRebuildAbsent extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addArg( 'page', 'The title of a main-namespace page the `saved` run edits' );
		$this->addArg( 'subject', 'The Subject ID the `saved` run writes into the graph' );
	}

	public function execute() {
		require_once CoreGateway::bridgeFile();
		$services = MediaWikiServices::getInstance();
		$url = $services->getMainConfig()->get( 'StrataStores' )['graph']['url'];
		$raw = new RespConnection( $url, 5000 );
		$out = [];
		foreach ( [ 'whole' => 1000000, 'paged' => 1, 'saved' => 1 ] as $run => $batchPages ) {
			$graph = "strata_mw_rebuild_{$run}_" . getmypid();
			$registry = new StoreRegistry( new StoreConfig( [ 'rebuildcheck' => [ 'type' => 'falkordb', 'url' => $url, 'graph' => $graph ] ] ),
				new StoreStates( $services->getDBLoadBalancer() ), new NullLogger() );
			$queued = $registry->states()->queueRun( 'rebuildcheck', 'test' );
			$absent = [];
			$progress = function ( $processed, $failed, $total, array $ids ) use ( &$absent, $run, $registry ) {
				$absent[] = $ids;
				if ( $run === 'saved' && count( $absent ) === 1 ) {
					$this->save();
					$subject = addslashes( $this->getArg( 1 ) );
					$written = $registry->with( 'rebuildcheck', static fn ( $client ) => $client->runAll(
						[ "MERGE (s:Subject {_id: '$subject'}) SET s._name = 'saved'" ] ) );
					if ( !$written['ok'] ) {
						$this->fatalError( json_encode( $written ) );
					}
				}
			};
			$done = ( new StoreRebuild( $services, $registry, $batchPages ) )->process( $queued['run']['id'], $progress );
			if ( $done['state'] !== 'succeeded' ) {
				$this->fatalError( json_encode( $done ) );
			}
			$out[$run] = [ 'graph' => self::dump( $raw, $graph ), 'absent' => $absent ];
			$raw->command( [ 'GRAPH.DELETE', $graph ], 5000 );
		}
		$GLOBALS['wgStrataSourceKey'] = 'Not a key';
		$registry = new StoreRegistry( new StoreConfig( [ 'rebuildcheck' => [ 'type' => 'falkordb', 'url' => $url, 'graph' => 'strata_mw_rebuild_refused_' . getmypid() ] ] ),
			new StoreStates( $services->getDBLoadBalancer() ), new NullLogger() );
		$out['refused'] = ( new StoreRebuild( $services, $registry ) )->process( $registry->states()->queueRun( 'rebuildcheck', 'test' )['run']['id'] );
		$raw->command( [ 'GRAPH.DELETE', 'strata_mw_rebuild_refused_' . getmypid() ], 5000 );
		$this->output( json_encode( $out ) . "\n" );
	}

	/** A new revision of the page given, through the core's page action, as a save by a user makes it. */
	private function save(): void {
		$user = User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] );
		$answer = CoreGateway::forRequest( $user )->handlePageAction( [
			'action' => 'edit', 'namespace' => 0, 'title' => $this->getArg( 0 ), 'slot' => 'main',
			'text' => 'Saved during a rebuild at ' . microtime( true ), 'summary' => 'test', 'baseRevisionId' => null,
			'createOnly' => false, 'noCreate' => false, 'caller' => CallerFacts::of( $user ),
		] );
		if ( !$answer['ok'] ) {
			$this->fatalError( json_encode( $answer ) );
		}
	}

	/** Every node (labels, properties) and edge of $graph, labels and properties sorted, then the rows. */
	private static function dump( RespConnection $raw, string $graph ): array {
		$rows = static function ( string $query ) use ( $raw, $graph ) {
			$reply = $raw->command( [ 'GRAPH.RO_QUERY', $graph, $query ], 5000 );
			$found = array_map( static function ( array $row ) {
				foreach ( $row as &$cell ) {
					if ( is_array( $cell ) ) {
						sort( $cell );
					}
				}
				return json_encode( $row );
			}, $reply[1] ?? [] );
			sort( $found );
			return $found;
		};
		return [
			'nodes' => $rows( 'MATCH (n) RETURN labels(n), [k IN keys(n) | [k, n[k]]]' ),
			'edges' => $rows( 'MATCH (a)-[r]->(b) RETURN coalesce(a._id, a.id), type(r), [k IN keys(r) | [k, r[k]]], b._id' ),
		];
	}
}

$maintClass = StrataRebuildAbsent::class;
require_once RUN_MAINTENANCE_IF_MAIN;
