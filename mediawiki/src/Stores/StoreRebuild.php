<?php
/**
 * One rebuild run of a store (docs/stores.md, "Rebuild runs"): the core's `RebuildRun` decides the
 * run; this class answers its steps (the wiki's pages and Subject index rows, the run's state, the
 * wiki's change mark), writes what it says to the store, and records what it reports. Run by
 * `RebuildJob` (MediaWiki's job queue) and by maintenance/rebuildStores.php. The run's progress is
 * committed before each batch is read (the job queue would otherwise hold the whole run in one
 * transaction), so that the run's reads see what other requests commit meanwhile: a cancel, and the
 * saves that move the change mark. A batch's pages are read together (`PageRecords::records`).
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\PageRecords;
use MediaWiki\Extension\Strata\Host\Settings;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use Strata\Bridge\RebuildRun;
use Strata\Bridge\StrataError;
use User;
use Wikimedia\Rdbms\IDatabase;

class StoreRebuild {
	public const BATCH_PAGES = 200;

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
		// may not see other requests' saves, so it has no change mark and never sends `absent`.
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
			$states->failRun( $id, "no store \"$name\" is configured" );
			return $states->runById( $id );
		}
		$settings = Settings::of( $this->services->getMainConfig() );
		$setup = [
			'runId' => $id,
			'name' => $name,
			'store' => [ 'type' => $entry['type'], 'projection' => $entry['projection'] ],
			'rdfBaseUri' => $settings['rdfBaseUri'] ?? null,
			'sourceKey' => $settings['sourceKey'] ?? null,
			'sources' => $settings['sources'] ?? (object)[],
			'changeMark' => $ticket === null ? null : self::changeMark( $db ),
			'batchPages' => $this->batchPages,
		];
		try {
			$rebuild = CoreGateway::core()->rebuildRun( json_encode( array_filter( $setup, static fn ( $v ) => $v !== null ), JSON_THROW_ON_ERROR ) );
		} catch ( StrataError $e ) {
			$states->failRun( $id, "the core refused the run: {$e->errorCode}: {$e->getMessage()}" );
			return $states->runById( $id );
		}
		$done = $this->steps( $rebuild, $id, $name, $db, $ticket, $total, $progress );
		if ( $done['run'] === 'failed' ) {
			$states->failRun( $id, $done['error'] );
		}
		if ( $done['stale'] !== null ) {
			$this->registry->markStale( $name, $done['stale'] );
		}
		if ( $done['run'] === 'succeeded' ) {
			$states->succeedRun( $id );
			if ( $states->runMissed( $id ) ) {
				$this->registry->event( $name, [ 'event' => 'missedDuringRun' ] );
			} else {
				$states->clearPendingUpTo( $name, $coveredUpTo );
				$states->apply( $name, [ 'event' => 'built', 'marker' => $done['marker'] ] );
			}
		}
		return $states->runById( $id );
	}

	/**
	 * Answers the run's steps until it is done; answers the `done` step. Writes are made at once, so
	 * each `write` step's outcome is reported right after it.
	 */
	private function steps( RebuildRun $rebuild, int $id, string $name, IDatabase $db, $ticket, int $total, ?callable $progress ): array {
		$lbFactory = $this->services->getDBLoadBalancerFactory();
		$states = $this->registry->states();
		while ( true ) {
			$step = $rebuild->next();
			switch ( $step['step'] ) {
				case 'namespacePages':
					$rebuild->answer( array_map( static fn ( $p ) => [ 'title' => $p['title'], 'text' => $p['mainSlot'] ?? '' ],
						$this->records->all( $step['namespace'] ) ) );
					break;
				case 'checkRun':
					if ( $ticket !== null ) {
						$lbFactory->commitAndWaitForReplication( __METHOD__, $ticket );
					}
					$rebuild->answer( $states->runById( $id )['state'] );
					break;
				case 'pages':
					$ids = array_map( 'intval', $db->selectFieldValues( 'strata_subject', 'DISTINCT ss_page_id', [ 'ss_page_id > ' . (int)$step['afterId'] ],
						__METHOD__, [ 'ORDER BY' => 'ss_page_id', 'LIMIT' => (int)$step['limit'] ] ) );
					$pages = $this->records->records( $this->records->byIds( $db, $ids ) );
					$rebuild->answerPages( array_map( [ self::class, 'facts' ], $pages ), array_map( static fn ( $p ) => $p['subjectSlot'] ?? null, $pages ) );
					break;
				case 'changeMark':
					$rebuild->answer( self::changeMark( $db ) );
					break;
				case 'subjectsOn':
					$rebuild->answer( array_map( 'strval', $db->selectFieldValues( 'strata_subject', 'ss_subject_id', [ 'ss_page_id' => $step['pageIds'] ], __METHOD__ ) ) );
					break;
				case 'pagesOf':
					$found = [];
					foreach ( $db->select( 'strata_subject', [ 'ss_subject_id', 'ss_page_id' ], [ 'ss_subject_id' => $step['ids'] ], __METHOD__ ) as $row ) {
						$found[(string)$row->ss_subject_id] = (int)$row->ss_page_id;
					}
					$rebuild->answer( (object)$found );
					break;
				case 'write':
					$outcome = $this->registry->with( $name, static fn ( $client ) => self::write( $client, $step ) );
					$rebuild->written( $outcome['ok'] ? [ 'ok' => true ] : [ 'ok' => false, 'kind' => $outcome['kind'] ?? null, 'detail' => $outcome['detail'] ?? null ] );
					break;
				case 'persist':
					// The store is a server, which keeps what it took.
					$rebuild->answer( [ 'ok' => true ] );
					break;
				case 'markContent':
					$marker = bin2hex( random_bytes( 16 ) );
					$marked = $this->registry->with( $name, static fn ( $client ) => $client->setContentMarker( $marker ) );
					$rebuild->answer( $marked['ok'] ? [ 'ok' => true, 'marker' => $marker ] : $marked );
					break;
				case 'progress':
					foreach ( $step['failedPages'] as $f ) {
						LoggerFactory::getInstance( 'Strata' )->warning( "rebuild of $name: page {$f['pageId']} not projected: {$f['reason']}" );
					}
					$states->recordProgress( $id, $step['processed'], $step['failed'] );
					if ( $progress ) {
						$progress( $step['processed'], $step['failed'], $total, $step['absent'] );
					}
					break;
				case 'done':
					return $step;
				default:
					throw new \LogicException( "unknown rebuild step {$step['step']}" );
			}
		}
	}

	/**
	 * What the wiki's last change was: the highest revision id (every edit, page creation, move,
	 * rollback, import) and the highest log id (every deletion and undeletion, which write no
	 * revision). Any change the stores take moves it; a deletion may lower the highest `rev_id`.
	 */
	public static function changeMark( IDatabase $db ): string {
		return $db->selectField( 'revision', 'MAX(rev_id)', [], __METHOD__ ) . ':' . $db->selectField( 'logging', 'MAX(log_id)', [], __METHOD__ );
	}

	private static function facts( array $page ): array {
		return array_intersect_key( $page, array_flip( [ 'pageId', 'namespace', 'title', 'prefixedTitle', 'created', 'modified',
			'lastEditor', 'categories' ] ) );
	}

	/**
	 * One `write` step: a SPARQL store is cleared first when the step says so, then bulk-loads its
	 * TriG; a graph store makes its indexes again first when the step says so (the graph may have
	 * been deleted since its connection made them; "already indexed" ignored), then runs its statements.
	 */
	private static function write( FalkorDbStore|SparqlHttpStore $client, array $step ): array {
		if ( isset( $step['statements'] ) ) {
			if ( $step['createIndexes'] ) {
				$client->createIndexes();
			}
			return $client->runAll( $step['statements'] );
		}
		if ( $step['clear'] ) {
			$cleared = $client->clear();
			if ( !$cleared['ok'] ) {
				return $cleared;
			}
		}
		return isset( $step['trig'] ) ? $client->loadBulk( $step['trig'] ) : [ 'ok' => true ];
	}
}
