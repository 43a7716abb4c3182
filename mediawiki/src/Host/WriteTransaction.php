<?php
/**
 * The database transaction of a request's `savePages` and `deletePage` calls.
 *
 * MediaWiki's web requests keep a request-wide transaction (DBO_TRX) that begins at the request's
 * first query and commits at its end. A save nested in it would read the core's re-plan after a
 * conflict from that transaction's REPEATABLE READ snapshot (the same stale revision again), and
 * would lose its savepoint when MariaDB rolls the whole transaction back on a deadlock, leaving the
 * connection "out of sync". So, when the request has written nothing yet and no transaction round
 * is open, the request's read-only transaction is committed (a snapshot flush) and the save runs
 * in a transaction of its own: a conflict or a deadlock rolls it back whole, and the next read
 * starts a new snapshot. A deadlock or lock-wait timeout is answered as `edit-conflict`, which the
 * core re-plans. When the request has already written, the save joins its transaction (a
 * savepoint), and a deadlock there rolls the request's writes back (MariaDB discarded them already).
 *
 * A page whose save conflicted is locked when the re-plan reads it (`beforeRead`: its page row on
 * MariaDB, the database on SQLite), in the transaction the save then continues: the re-plan reads the
 * latest revision and no other writer can commit a newer one before this save, so writers of one
 * page queue instead of refusing each other. The lock lasts until the save ends, or the request
 * ends without one (`finish`).
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use Wikimedia\Rdbms\AtomicSectionIdentifier;
use Wikimedia\Rdbms\DBQueryError;
use Wikimedia\Rdbms\IDatabase;

class WriteTransaction {
	/** MariaDB's deadlock and lock-wait timeout: the database gave up on the transaction, not on the save. */
	private const GAVE_UP = [ 1213, 1205 ];
	private const SECTION = __CLASS__;

	/** The open section of this request's own transaction, when there is one. */
	private ?AtomicSectionIdentifier $section = null;
	/** Whether the connection left the request-wide mode for it. */
	private bool $detached = false;
	/** `"{namespace}:{title}"` and `"#{pageId}"` of pages whose save conflicted: their next read locks. */
	private array $conflicted = [];

	public function __construct( private MediaWikiServices $services ) {
	}

	private function dbw(): IDatabase {
		return $this->services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
	}

	/** A save of this page conflicted: the re-plan's read of it takes its lock. */
	public function conflicted( ?int $pageId, int $namespace, string $title ): void {
		if ( $pageId !== null ) {
			$this->conflicted["#$pageId"] = true;
		}
		$this->conflicted["$namespace:$title"] = true;
	}

	/** Called before the core reads page $pageId (or the page titled $title in $namespace). */
	public function beforeRead( ?int $pageId, ?int $namespace = null, ?string $title = null ): void {
		$keys = array_filter( [ $pageId !== null ? "#$pageId" : null, $title !== null ? "$namespace:$title" : null ] );
		if ( !array_intersect_key( $this->conflicted, array_flip( $keys ) ) ) {
			return;
		}
		$this->conflicted = array_diff_key( $this->conflicted, array_flip( $keys ) );
		$dbw = $this->dbw();
		if ( $this->section === null && !$this->open( $dbw ) ) {
			return;
		}
		// An update that changes nothing: the page row's lock on MariaDB, the write lock on SQLite.
		$where = $pageId !== null ? [ 'page_id' => $pageId ] : [ 'page_namespace' => $namespace, 'page_title' => strtr( $title, ' ', '_' ) ];
		$dbw->update( 'page', [ 'page_latest = page_latest' ], $where, __METHOD__ );
	}

	/**
	 * Runs $body( $dbw ), which answers `[true, $answer]` to commit or `[false, $answer]` to roll
	 * back; a deadlock or lock-wait timeout rolls back and answers $gaveUp. Any other failure rolls
	 * back and is thrown.
	 */
	public function run( string $fname, callable $body, $gaveUp ) {
		$dbw = $this->dbw();
		$own = $this->section !== null || $this->open( $dbw );
		$section = $own ? $this->section : $dbw->startAtomic( $fname, IDatabase::ATOMIC_CANCELABLE );
		try {
			[ $keep, $answer ] = $body( $dbw );
		} catch ( DBQueryError $e ) {
			if ( $dbw->getType() !== 'mysql' || !in_array( (int)$e->errno, self::GAVE_UP, true ) ) {
				$this->close( $dbw, $own ? self::SECTION : $fname, $section, false );
				throw $e;
			}
			LoggerFactory::getInstance( 'Strata' )->info( "$fname: the database gave up on the transaction ({$e->errno}); the core plans again" );
			if ( $own ) {
				$this->close( $dbw, self::SECTION, $section, false );
			} else {
				$this->services->getDBLoadBalancerFactory()->rollbackPrimaryChanges( $fname );
			}
			return $gaveUp;
		} catch ( \Throwable $e ) {
			$this->close( $dbw, $own ? self::SECTION : $fname, $section, false );
			throw $e;
		}
		$this->close( $dbw, $own ? self::SECTION : $fname, $section, $keep );
		return $answer;
	}

	/** Ends a transaction a lock opened when no save followed (the core refused the re-plan). */
	public function finish(): void {
		if ( $this->section !== null ) {
			$this->close( $this->dbw(), self::SECTION, $this->section, false );
		}
	}

	/**
	 * Opens this request's own transaction when it can have one: the request's read-only
	 * transaction, if any, is committed, and the connection leaves the request-wide mode until the
	 * transaction ends. Without the request-wide mode, a section begun outside a transaction is the
	 * whole transaction. False when the save must join the request's transaction.
	 */
	private function open( IDatabase $dbw ): bool {
		if ( $dbw->getFlag( IDatabase::DBO_TRX ) ) {
			if ( $this->services->getDBLoadBalancerFactory()->hasTransactionRound() || $dbw->explicitTrxActive() || $dbw->writesOrCallbacksPending() ) {
				return false;
			}
			if ( $dbw->trxLevel() ) {
				$dbw->flushSnapshot( __METHOD__ );
			}
			$dbw->clearFlag( IDatabase::DBO_TRX, IDatabase::REMEMBER_PRIOR );
			$this->detached = true;
		} elseif ( $dbw->trxLevel() ) {
			return false;
		}
		$this->section = $dbw->startAtomic( self::SECTION, IDatabase::ATOMIC_CANCELABLE );
		return true;
	}

	private function close( IDatabase $dbw, string $fname, ?AtomicSectionIdentifier $section, bool $commit ): void {
		try {
			if ( $commit ) {
				$dbw->endAtomic( $fname );
			} else {
				$dbw->cancelAtomic( $fname, $section );
			}
		} finally {
			if ( $fname === self::SECTION ) {
				$this->section = null;
				if ( $this->detached ) {
					$this->detached = false;
					$dbw->restoreFlags( IDatabase::RESTORE_PRIOR );
				}
			}
		}
	}
}
