<?php
/**
 * Store states, rebuild runs and pending-projection markers in the wiki's database (sql/tables.json).
 * The rules are the core's (`storeLifecycle`, `storeEvent`; docs/stores.md, "Store states and
 * rebuild runs"): this class keeps the rows. A store's state moves only through `apply`, which reads
 * its row, asks the core for the status after the event and writes it; a run's record moves only
 * through the core's table of run moves, each one conditional update. A save writes a pending
 * marker per store in its own transaction; the store's acknowledgement clears it.
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\PageRecords;
use Wikimedia\Rdbms\IDatabase;
use Wikimedia\Rdbms\ILoadBalancer;

class StoreStates {
	/** @var array<string, mixed>|null the core's lifecycle table, asked once a PHP process */
	private static ?array $lifecycle = null;

	public function __construct( private ILoadBalancer $lb ) {
	}

	private function db(): IDatabase {
		return $this->lb->getConnectionRef( DB_PRIMARY );
	}

	/**
	 * The core's table: `neverBuilt`, `checkContentIn`, `needsRebuild`, `activeRuns`, `runMoves`,
	 * `interrupted`, `abandonedAfterSeconds`.
	 */
	public static function lifecycle(): array {
		return self::$lifecycle ??= CoreGateway::core()->storeLifecycle();
	}

	/** `{state, reason, marker}` of a store (the core's `neverBuilt` when it has no row). */
	public function state( string $name ): array {
		return $this->row( $name ) ?? self::lifecycle()['neverBuilt'];
	}

	private function row( string $name ): ?array {
		$row = $this->db()->selectRow( 'strata_store_state', [ 'sst_state', 'sst_reason', 'sst_marker' ], [ 'sst_name' => $name ], __METHOD__ );
		return $row ? [ 'state' => $row->sst_state, 'reason' => $row->sst_reason, 'marker' => $row->sst_marker ] : null;
	}

	/**
	 * What happened to store $name (`{event, ...}`, the core's `StoreEvent`: `stale`, `updateFailed`,
	 * `missedDuringRun`, `built`, `contentChecked`, `pendingLeft`, `runInterrupted`, `bulkImported`):
	 * its status moves as the core says. Answers the new status, or null when it did not change.
	 */
	public function apply( string $name, array $event ): ?array {
		$next = CoreGateway::core()->storeEvent( $this->row( $name ), $event );
		if ( $next !== null ) {
			$fields = [ 'sst_state' => $next['state'], 'sst_reason' => $next['reason'], 'sst_marker' => $next['marker'],
				'sst_changed' => wfTimestampNow() ];
			$this->db()->upsert( 'strata_store_state', [ 'sst_name' => $name ] + $fields, 'sst_name', $fields, __METHOD__ );
		}
		return $next;
	}

	/** The core said store $name is stale for $reason (a never-built store stays never-built). */
	public function markStale( string $name, string $reason ): ?array {
		return $this->apply( $name, [ 'event' => 'stale', 'reason' => $reason ] );
	}

	private const RUN = [ 'srr_id', 'srr_store', 'srr_state', 'srr_requested_by', 'srr_queued', 'srr_started', 'srr_finished',
		'srr_total', 'srr_processed', 'srr_failed', 'srr_error' ];

	private static function run( $row ): ?array {
		if ( !$row ) {
			return null;
		}
		$time = static fn ( $t ) => $t === null ? null : PageRecords::iso( $t );
		return [
			'id' => (int)$row->srr_id, 'store' => $row->srr_store, 'state' => $row->srr_state, 'requestedBy' => $row->srr_requested_by,
			'queuedAt' => $time( $row->srr_queued ), 'startedAt' => $time( $row->srr_started ), 'finishedAt' => $time( $row->srr_finished ),
			'total' => $row->srr_total === null ? null : (int)$row->srr_total, 'processed' => (int)$row->srr_processed,
			'failed' => (int)$row->srr_failed, 'error' => $row->srr_error,
		];
	}

	public function runById( int $id ): ?array {
		return self::run( $this->db()->selectRow( 'strata_rebuild_run', self::RUN, [ 'srr_id' => $id ], __METHOD__ ) );
	}

	public function activeRun( string $store ): ?array {
		return self::run( $this->db()->selectRow( 'strata_rebuild_run', self::RUN,
			[ 'srr_store' => $store, 'srr_state' => self::lifecycle()['activeRuns'] ], __METHOD__, [ 'ORDER BY' => 'srr_id' ] ) );
	}

	public function lastSuccessfulRun( string $store ): ?array {
		return self::run( $this->db()->selectRow( 'strata_rebuild_run', self::RUN,
			[ 'srr_store' => $store, 'srr_state' => self::lifecycle()['runMoves']['succeed']['to'] ], __METHOD__, [ 'ORDER BY' => 'srr_id DESC' ] ) );
	}

	/** Queues a run unless one is active: `{outcome: queued | active, run}`. */
	public function queueRun( string $store, string $requestedBy ): array {
		$db = $this->db();
		$db->startAtomic( __METHOD__ );
		$active = $this->activeRun( $store );
		if ( !$active ) {
			$db->insert( 'strata_rebuild_run', [ 'srr_store' => $store, 'srr_state' => self::lifecycle()['runMoves']['queue']['to'],
				'srr_requested_by' => $requestedBy, 'srr_queued' => wfTimestampNow() ], __METHOD__ );
			$id = $db->insertId();
		}
		$db->endAtomic( __METHOD__ );
		return $active ? [ 'outcome' => 'active', 'run' => $active ] : [ 'outcome' => 'queued', 'run' => $this->runById( $id ) ];
	}

	/**
	 * Move $move of the core's table (`start`, `progress`, `succeed`, `fail`, `cancel`) on run $id with
	 * $set: made only when the run is in one of the move's `from` states; false when it was not.
	 */
	private function move( int $id, string $move, array $set ): bool {
		$rule = self::lifecycle()['runMoves'][$move];
		$this->db()->update( 'strata_rebuild_run', [ 'srr_state' => $rule['to'] ] + $set,
			[ 'srr_id' => $id, 'srr_state' => $rule['from'] ], __METHOD__ );
		return $this->db()->affectedRows() === 1;
	}

	/** The worker takes queued run $id; false when it is no longer queued (cancelled meanwhile). */
	public function startRun( int $id, int $total ): bool {
		$now = wfTimestampNow();
		return $this->move( $id, 'start', [ 'srr_started' => $now, 'srr_progressed' => $now, 'srr_total' => $total ] );
	}

	public function recordProgress( int $id, int $processed, int $failed ): void {
		$this->move( $id, 'progress', [ 'srr_processed' => $processed, 'srr_failed' => $failed, 'srr_progressed' => wfTimestampNow() ] );
	}

	public function succeedRun( int $id ): void {
		$this->move( $id, 'succeed', [ 'srr_finished' => wfTimestampNow() ] );
	}

	public function failRun( int $id, string $error ): void {
		$this->move( $id, 'fail', [ 'srr_finished' => wfTimestampNow(), 'srr_error' => $error ] );
	}

	/**
	 * Runs of $store whose worker died (a job killed by a time limit, a crash): running, with no step
	 * since $before (a MediaWiki timestamp). Each moves by the core's `interrupt`, failed with its
	 * `interrupted` error. Answers the runs moved (their store gets `runInterrupted`).
	 */
	public function interruptRunsIdleSince( string $store, string $before ): array {
		$db = $this->db();
		$ids = array_map( 'intval', $db->selectFieldValues( 'strata_rebuild_run', 'srr_id', [ 'srr_store' => $store,
			'srr_state' => self::lifecycle()['runMoves']['interrupt']['from'],
			'COALESCE(srr_progressed, srr_started, srr_queued) < ' . $db->addQuotes( $before ) ], __METHOD__ ) );
		$moved = [];
		foreach ( $ids as $id ) {
			if ( $this->move( $id, 'interrupt', [ 'srr_finished' => wfTimestampNow(), 'srr_error' => self::lifecycle()['interrupted'] ] ) ) {
				$moved[] = $this->runById( $id );
			}
		}
		return $moved;
	}

	/**
	 * An update of $store failed: a run of it running now may have read the page before the save, and
	 * the store missed the save, so the run cannot leave the store in-sync (the core's `missedDuringRun`).
	 */
	public function runMissedAnUpdate( string $store ): void {
		$this->db()->update( 'strata_rebuild_run', [ 'srr_missed' => 1 ],
			[ 'srr_store' => $store, 'srr_state' => self::lifecycle()['runMoves']['progress']['from'] ], __METHOD__ );
	}

	/** Whether an update of the store failed while run $id was running. */
	public function runMissed( int $id ): bool {
		return (bool)(int)$this->db()->selectField( 'strata_rebuild_run', 'srr_missed', [ 'srr_id' => $id ], __METHOD__ );
	}

	/** Cancels the active run of $store: the cancelled run, or null when none was active. */
	public function cancelRun( string $store ): ?array {
		$active = $this->activeRun( $store );
		if ( !$active ) {
			return null;
		}
		$this->move( $active['id'], 'cancel', [ 'srr_finished' => wfTimestampNow() ] );
		return $this->runById( $active['id'] );
	}

	/**
	 * In the saving transaction: $pageId at $revisionId is pending in every store of $stores, one
	 * statement for them all on MariaDB. A page's marker keeps the greater revision
	 * (tests/conformance/pending-markers.json).
	 */
	public static function markPending( IDatabase $dbw, array $stores, int $pageId, int $revisionId ): void {
		$now = wfTimestampNow();
		$rows = array_map( static fn ( $store ) => [ 'spp_store' => $store, 'spp_page_id' => $pageId, 'spp_rev_id' => $revisionId,
			'spp_marked' => $now ], $stores );
		$dbw->upsert( 'strata_projection_pending', $rows, [ [ 'spp_store', 'spp_page_id' ] ],
			[ 'spp_rev_id = ' . $dbw->buildGreatest( 'spp_rev_id', $revisionId ), 'spp_marked' => $now ], __METHOD__ );
	}

	/**
	 * The stores took `pages` (`{pageId, revisionId}`, null for a deleted page): their markers up to
	 * that revision go, one statement a page for every store (on SQLite outside a transaction each
	 * statement is a commit of its own).
	 */
	public function clearPending( array $stores, array $pages ): void {
		if ( $stores === [] ) {
			return;
		}
		foreach ( $pages as $page ) {
			$conds = [ 'spp_store' => $stores, 'spp_page_id' => (int)$page['pageId'] ];
			if ( $page['revisionId'] !== null ) {
				$conds[] = 'spp_rev_id <= ' . (int)$page['revisionId'];
			}
			$this->db()->delete( 'strata_projection_pending', $conds, __METHOD__ );
		}
	}

	/**
	 * The pages of $pages (`{pageId, revisionId}`) changed since that revision (a later revision, or
	 * deleted), read afresh: page id => true. A deleted page (`revisionId` null) is never overtaken.
	 */
	public function overtaken( array $pages ): array {
		$projected = array_column( array_filter( $pages, static fn ( $page ) => $page['revisionId'] !== null ), 'revisionId', 'pageId' );
		if ( $projected === [] ) {
			return [];
		}
		$latest = [];
		foreach ( $this->fresh()->select( 'page', [ 'page_id', 'page_latest' ], [ 'page_id' => array_keys( $projected ) ], __METHOD__ ) as $row ) {
			$latest[(int)$row->page_id] = (int)$row->page_latest;
		}
		$changed = array_filter( $projected, static fn ( $revisionId, $pageId ) => ( $latest[$pageId] ?? null ) !== (int)$revisionId, ARRAY_FILTER_USE_BOTH );
		return array_fill_keys( array_keys( $changed ), true );
	}

	/** Whether a marker of $store for the page is left, read afresh. */
	public function isPending( string $store, int $pageId ): bool {
		return (bool)$this->fresh()->selectField( 'strata_projection_pending', '1',
			[ 'spp_store' => $store, 'spp_page_id' => $pageId ], __METHOD__ );
	}

	/** A rebuild that read every page from $revisionId on covers the markers up to it. */
	public function clearPendingUpTo( string $store, int $revisionId ): void {
		$this->db()->delete( 'strata_projection_pending', [ 'spp_store' => $store, 'spp_rev_id <= ' . $revisionId ], __METHOD__ );
	}

	/**
	 * The markers of $store written at or after $since (a MediaWiki timestamp), read afresh: page id
	 * to when it was marked.
	 */
	public function pendingSince( string $store, string $since ): array {
		$db = $this->fresh();
		$rows = $db->select( 'strata_projection_pending', [ 'spp_page_id', 'spp_marked' ],
			[ 'spp_store' => $store, 'spp_marked >= ' . $db->addQuotes( $since ) ], __METHOD__ );
		$marked = [];
		foreach ( $rows as $row ) {
			$marked[(int)$row->spp_page_id] = $row->spp_marked;
		}
		return $marked;
	}

	/** How many of $pages still have a marker of $store written at or after $since, read afresh. */
	public function stillPending( string $store, array $pages, string $since ): int {
		$db = $this->fresh();
		return (int)$db->selectField( 'strata_projection_pending', 'COUNT(*)',
			[ 'spp_store' => $store, 'spp_page_id' => $pages, 'spp_marked >= ' . $db->addQuotes( $since ) ], __METHOD__ );
	}

	/**
	 * The primary connection with a snapshot of now: a web request's implicit read transaction
	 * (DBO_TRX) is committed first, unless it wrote (its reads then keep their snapshot).
	 */
	private function fresh(): IDatabase {
		$db = $this->db();
		if ( $db->trxLevel() && !$db->explicitTrxActive() && !$db->writesOrCallbacksPending() ) {
			$db->flushSnapshot( __METHOD__ );
		}
		return $db;
	}

	/** Markers of $store written before $before (a MediaWiki timestamp): saves whose request ended unacknowledged. */
	public function abandonedMarkers( string $store, string $before ): int {
		return (int)$this->db()->selectField( 'strata_projection_pending', 'COUNT(*)',
			[ 'spp_store' => $store, 'spp_marked < ' . $this->db()->addQuotes( $before ) ], __METHOD__ );
	}
}
