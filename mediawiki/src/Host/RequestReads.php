<?php
/**
 * Where the Host's reads go. MediaWiki sends reads to a replica when `$wgDBservers` has one; once
 * this request has written, they go to the primary, which holds what the request wrote: projection
 * after a save reads the pages it saved, which a replica may not have yet (docs/scale-out.md). A
 * later request of the same client reads its own writes through MediaWiki's chronology protection.
 * After a write, a page record kept under the page's latest revision may still be taken from the
 * WAN cache once the write is committed (`cacheable`).
 */

namespace MediaWiki\Extension\Strata\Host;

use IDBAccessObject;
use Wikimedia\Rdbms\IDatabase;
use Wikimedia\Rdbms\ILoadBalancer;

class RequestReads {
	public function __construct( private ILoadBalancer $lb ) {
	}

	private function wrote(): bool {
		return $this->lb->hasOrMadeRecentPrimaryChanges();
	}

	/** The connection of a read made now. */
	public function db(): IDatabase {
		return $this->lb->getConnectionRef( $this->wrote() ? DB_PRIMARY : DB_REPLICA );
	}

	/**
	 * Whether a value kept in the WAN cache under a key that names a revision may be taken now: not
	 * while this request's own writes are uncommitted on the primary database (the revision may be
	 * one a rollback takes back, whose id SQLite may then give out again). After the commit (a
	 * save's page view, its post-send updates), the page row still comes from the primary database
	 * and names the latest revision, and the values under that revision's key are the same whoever
	 * computed them.
	 */
	public function cacheable(): bool {
		return !$this->wrote() || !$this->lb->getConnectionRef( DB_PRIMARY )->writesPending();
	}

	/** The flags of a page or revision lookup made now (PageStore, RevisionStore). */
	public function flags(): int {
		return $this->wrote() ? IDBAccessObject::READ_LATEST : IDBAccessObject::READ_NORMAL;
	}
}
