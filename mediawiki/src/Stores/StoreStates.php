<?php
/**
 * Store states, rebuild runs and pending-projection markers in the wiki's database (sql/tables.json),
 * with the states, run fields and moves of docs/stores.md: a store is `never-built` until a rebuild
 * succeeds, `in-sync` after one, `stale` once it may miss pages (a never-built store stays
 * never-built). A save writes a pending marker per store in its own transaction; the store's
 * acknowledgement clears it.
 */

namespace MediaWiki\Extension\Strata\Stores;

use MediaWiki\Extension\Strata\Host\PageRecords;
use Wikimedia\Rdbms\IDatabase;
use Wikimedia\Rdbms\ILoadBalancer;

class StoreStates {
	public function __construct( private ILoadBalancer $lb ) {
	}

	private function db(): IDatabase {
		return $this->lb->getConnectionRef( DB_PRIMARY );
	}

	/** `{state, reason}` of a store. */
	public function state( string $name ): array {
		$row = $this->db()->selectRow( 'strata_store_state', [ 'sst_state', 'sst_reason' ], [ 'sst_name' => $name ], __METHOD__ );
		return $row ? [ 'state' => $row->sst_state, 'reason' => $row->sst_reason ] : [ 'state' => 'never-built', 'reason' => null ];
	}

	private function setState( string $name, string $state, ?string $reason ): void {
		$this->db()->upsert( 'strata_store_state',
			[ 'sst_name' => $name, 'sst_state' => $state, 'sst_reason' => $reason, 'sst_changed' => wfTimestampNow() ],
			'sst_name', [ 'sst_state' => $state, 'sst_reason' => $reason, 'sst_changed' => wfTimestampNow() ], __METHOD__ );
	}

	public function markStale( string $name, string $reason ): void {
		if ( $this->state( $name )['state'] !== 'never-built' ) {
			$this->setState( $name, 'stale', $reason );
		}
	}

	public function markInSync( string $name, ?string $marker ): void {
		$this->setState( $name, 'in-sync', null );
		$this->db()->update( 'strata_store_state', [ 'sst_marker' => $marker ], [ 'sst_name' => $name ], __METHOD__ );
	}

	/** The build id last written into the store, or null. */
	public function contentMarker( string $name ): ?string {
		$marker = $this->db()->selectField( 'strata_store_state', 'sst_marker', [ 'sst_name' => $name ], __METHOD__ );
		return is_string( $marker ) ? $marker : null;
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
			[ 'srr_store' => $store, 'srr_state' => [ 'queued', 'running' ] ], __METHOD__, [ 'ORDER BY' => 'srr_id' ] ) );
	}

	public function lastSuccessfulRun( string $store ): ?array {
		return self::run( $this->db()->selectRow( 'strata_rebuild_run', self::RUN,
			[ 'srr_store' => $store, 'srr_state' => 'succeeded' ], __METHOD__, [ 'ORDER BY' => 'srr_id DESC' ] ) );
	}

	/** Queues a run unless one is active: `{outcome: queued | active, run}`. */
	public function queueRun( string $store, string $requestedBy ): array {
		$db = $this->db();
		$db->startAtomic( __METHOD__ );
		$active = $this->activeRun( $store );
		if ( !$active ) {
			$db->insert( 'strata_rebuild_run', [ 'srr_store' => $store, 'srr_state' => 'queued', 'srr_requested_by' => $requestedBy,
				'srr_queued' => wfTimestampNow() ], __METHOD__ );
			$id = $db->insertId();
		}
		$db->endAtomic( __METHOD__ );
		return $active ? [ 'outcome' => 'active', 'run' => $active ] : [ 'outcome' => 'queued', 'run' => $this->runById( $id ) ];
	}

	/** queued → running; false when the run is no longer queued (cancelled meanwhile). */
	public function startRun( int $id, int $total ): bool {
		$this->db()->update( 'strata_rebuild_run', [ 'srr_state' => 'running', 'srr_started' => wfTimestampNow(), 'srr_total' => $total ],
			[ 'srr_id' => $id, 'srr_state' => 'queued' ], __METHOD__ );
		return $this->db()->affectedRows() === 1;
	}

	public function recordProgress( int $id, int $processed, int $failed ): void {
		$this->db()->update( 'strata_rebuild_run', [ 'srr_processed' => $processed, 'srr_failed' => $failed ],
			[ 'srr_id' => $id, 'srr_state' => 'running' ], __METHOD__ );
	}

	/** running → succeeded | failed; nothing when the run was cancelled meanwhile. */
	public function finishRun( int $id, string $state, ?string $error = null ): void {
		$this->db()->update( 'strata_rebuild_run', [ 'srr_state' => $state, 'srr_finished' => wfTimestampNow(), 'srr_error' => $error ],
			[ 'srr_id' => $id, 'srr_state' => 'running' ], __METHOD__ );
	}

	/** queued or running → cancelled: the cancelled run, or null when none was active. */
	public function cancelRun( string $store ): ?array {
		$active = $this->activeRun( $store );
		if ( !$active ) {
			return null;
		}
		$this->db()->update( 'strata_rebuild_run', [ 'srr_state' => 'cancelled', 'srr_finished' => wfTimestampNow() ],
			[ 'srr_id' => $active['id'], 'srr_state' => [ 'queued', 'running' ] ], __METHOD__ );
		return $this->runById( $active['id'] );
	}

	/** In the saving transaction: $pageId at $revisionId is pending in every store of $stores. */
	public static function markPending( IDatabase $dbw, array $stores, int $pageId, int $revisionId ): void {
		foreach ( $stores as $store ) {
			$dbw->upsert( 'strata_projection_pending',
				[ 'spp_store' => $store, 'spp_page_id' => $pageId, 'spp_rev_id' => $revisionId, 'spp_marked' => wfTimestampNow() ],
				[ [ 'spp_store', 'spp_page_id' ] ],
				[ 'spp_rev_id' => $revisionId, 'spp_marked' => wfTimestampNow() ], __METHOD__ );
		}
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

	/** A rebuild that read every page from $revisionId on covers the markers up to it. */
	public function clearPendingUpTo( string $store, int $revisionId ): void {
		$this->db()->delete( 'strata_projection_pending', [ 'spp_store' => $store, 'spp_rev_id <= ' . $revisionId ], __METHOD__ );
	}

	/** Markers of $store written before $before (a MediaWiki timestamp): saves whose request ended unacknowledged. */
	public function abandonedMarkers( string $store, string $before ): int {
		return (int)$this->db()->selectField( 'strata_projection_pending', 'COUNT(*)',
			[ 'spp_store' => $store, 'spp_marked < ' . $this->db()->addQuotes( $before ) ], __METHOD__ );
	}
}
