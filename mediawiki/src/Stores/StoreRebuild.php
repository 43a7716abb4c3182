<?php
/**
 * One rebuild run of a store (docs/stores.md, "Store states and rebuild runs"): the store is cleared
 * and every page holding Subjects is projected again, in page id order, a batch at a time. The core
 * computes each batch (`projectForStore`); this class reads the pages, writes the batch, records
 * progress, and stops between batches when the run was cancelled. Run by `RebuildJob` (MediaWiki's
 * job queue) and by maintenance/rebuildStores.php. Each batch's progress is committed before the next
 * batch is read (the job queue would otherwise hold the whole run in one transaction), so that the
 * run's reads see what other requests commit meanwhile: a cancel, and the saves that end `absent`.
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\PageRecords;
use MediaWiki\Extension\Strata\Host\Settings;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use Strata\Bridge\StrataError;
use User;

class StoreRebuild {
	public const BATCH_PAGES = 200;
	private const NS_SCHEMA = 7474;
	private const NS_MAPPING = 7478;

	private PageRecords $records;

	/** $batchPages: pages a batch (tests make small batches of a small wiki). */
	public function __construct( private MediaWikiServices $services, private StoreRegistry $registry, private int $batchPages = self::BATCH_PAGES ) {
		$this->records = new PageRecords( $services, User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] ) );
	}

	/**
	 * Runs queued run $id to its end and answers its record; $progress(processed, failed, total,
	 * absent) after each batch, `absent` the IDs the batch created without a lookup.
	 */
	public function process( int $id, ?callable $progress = null ): ?array {
		$states = $this->registry->states();
		$run = $states->runById( $id );
		if ( !$run ) {
			return null;
		}
		$lbFactory = $this->services->getDBLoadBalancerFactory();
		// Null when the caller holds uncommitted writes: then nothing is committed here, and the run
		// may not see other requests' saves, so it never sends `absent`.
		$ticket = $lbFactory->getEmptyTransactionTicket( __METHOD__ );
		$db = $this->services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
		$total = (int)$db->selectField( 'strata_subject', 'COUNT(DISTINCT ss_page_id)', [], __METHOD__ );
		$coveredUpTo = (int)$db->selectField( 'revision', 'MAX(rev_id)', [], __METHOD__ );
		if ( !$states->startRun( $id, $total ) ) {
			return $states->runById( $id );
		}
		$name = $run['store'];
		$entry = $this->registry->config()->entry( $name );
		if ( !$entry ) {
			$states->finishRun( $id, 'failed', "no store \"$name\" is configured" );
			return $states->runById( $id );
		}
		$settings = Settings::of( $this->services->getMainConfig() );
		$fixed = [
			'name' => $name,
			'store' => [ 'type' => $entry['type'], 'projection' => $entry['projection'] ],
			'rdfBaseUri' => $settings['rdfBaseUri'] ?? null,
			'sourceKey' => $settings['sourceKey'] ?? null,
			'schemas' => (object)array_column( array_map( static fn ( $p ) => [ $p['title'], $p['mainSlot'] ?? '' ], $this->records->all( self::NS_SCHEMA ) ), 1, 0 ),
			'mappings' => array_map( static fn ( $p ) => [ 'title' => $p['title'], 'text' => $p['mainSlot'] ?? '' ], $this->records->all( self::NS_MAPPING ) ),
		];
		$absent = new RebuildAbsent( $db, $entry['kind'] === 'graph', $ticket !== null );
		$afterId = 0;
		$processed = 0;
		$failed = 0;
		for ( $start = true; ; $start = false ) {
			if ( $ticket !== null ) {
				$lbFactory->commitAndWaitForReplication( __METHOD__, $ticket );
			}
			if ( $states->runById( $id )['state'] !== 'running' ) {
				return $this->stopped( $name, $id );
			}
			$ids = array_map( 'intval', $db->selectFieldValues( 'strata_subject', 'DISTINCT ss_page_id', [ 'ss_page_id > ' . $afterId ],
				__METHOD__, [ 'ORDER BY' => 'ss_page_id', 'LIMIT' => $this->batchPages ] ) );
			if ( $ids === [] && !$start ) {
				break;
			}
			$pages = array_values( array_filter( array_map( fn ( $pageId ) => $this->records->byId( $pageId ), $ids ) ) );
			// The first batch clears the graph, so the core creates all of its Subjects: no index read.
			$request = $fixed + ( $start ? [ 'start' => true ] : [ 'start' => false, 'absent' => $absent->of( array_column( $pages, 'pageId' ) ) ] );
			try {
				$batch = CoreGateway::core()->projectForStoreBatch( $request, array_map( [ self::class, 'facts' ], $pages ) );
			} catch ( StrataError $e ) {
				$which = $ids === [] ? 'the first batch' : 'pages ' . reset( $ids ) . ' to ' . end( $ids );
				return $this->failed( $name, $id, "the core refused the batch of $which: {$e->errorCode}: {$e->getMessage()}" );
			}
			if ( $ids !== [] ) {
				$absent->targeted( $batch['outsideTargets'] ?? [], end( $ids ) );
			}
			$outcome = $this->registry->with( $name, static fn ( $client ) => self::writeBatch( $client, $batch, $start ) );
			if ( !$outcome['ok'] ) {
				return $this->failed( $name, $id, $outcome['detail'] ?? $outcome['kind'] );
			}
			foreach ( $batch['failed'] ?? [] as $f ) {
				LoggerFactory::getInstance( 'Strata' )->warning( "rebuild of $name: page {$f['pageId']} not projected: {$f['reason']}" );
			}
			$processed += count( $ids ) - count( $batch['failed'] ?? [] );
			$failed += count( $batch['failed'] ?? [] );
			$states->recordProgress( $id, $processed, $failed );
			if ( $progress ) {
				$progress( $processed, $failed, $total, $request['absent'] ?? [] );
			}
			if ( $ids === [] ) {
				break;
			}
			$afterId = end( $ids );
		}
		if ( $states->runById( $id )['state'] !== 'running' ) {
			return $this->stopped( $name, $id );
		}
		$marker = null;
		if ( $entry['kind'] === 'graph' ) {
			$marker = bin2hex( random_bytes( 16 ) );
			$marked = $this->registry->with( $name, static fn ( $client ) => $client->setContentMarker( $marker ) );
			if ( !$marked['ok'] ) {
				return $this->failed( $name, $id, $marked['detail'] ?? $marked['kind'] );
			}
		}
		$states->finishRun( $id, 'succeeded' );
		$states->clearPendingUpTo( $name, $coveredUpTo );
		$states->markInSync( $name, $marker );
		return $states->runById( $id );
	}

	private static function facts( array $page ): array {
		return array_intersect_key( $page, array_flip( [ 'pageId', 'namespace', 'title', 'prefixedTitle', 'created', 'modified',
			'lastEditor', 'categories', 'subjectSlot' ] ) );
	}

	/**
	 * The first batch clears the store; a graph store's connection made its indexes when it opened,
	 * and a rebuild makes them again (the graph may have been deleted since; "already indexed" ignored).
	 */
	private static function writeBatch( FalkorDbStore|SparqlHttpStore $client, array $batch, bool $start ): array {
		if ( isset( $batch['statements'] ) ) {
			if ( $start ) {
				$client->createIndexes();
			}
			return $client->runAll( $batch['statements'] );
		}
		if ( $start ) {
			$cleared = $client->clear();
			if ( !$cleared['ok'] ) {
				return $cleared;
			}
		}
		return ( $batch['projected'] ?? 0 ) === 0 ? [ 'ok' => true ] : $client->loadBulk( $batch['trig'] );
	}

	private function failed( string $name, int $id, string $error ): array {
		$this->registry->states()->finishRun( $id, 'failed', $error );
		$this->registry->markStale( $name, "rebuild run $id failed: $error" );
		return $this->registry->states()->runById( $id );
	}

	/** Cancelled between batches: what is in the store is part of a rebuild. */
	private function stopped( string $name, int $id ): array {
		$this->registry->states()->markStale( $name, "rebuild run $id was cancelled" );
		return $this->registry->states()->runById( $id );
	}
}
