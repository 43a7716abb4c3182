<?php
/**
 * Where the Host's reads go. MediaWiki sends reads to a replica when `$wgDBservers` has one; once
 * this request has written, they go to the primary, which holds what the request wrote: projection
 * after a save reads the pages it saved, which a replica may not have yet (docs/scale-out.md). A
 * later request of the same client reads its own writes through MediaWiki's chronology protection.
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

	/** The flags of a page or revision lookup made now (PageStore, RevisionStore). */
	public function flags(): int {
		return $this->wrote() ? IDBAccessObject::READ_LATEST : IDBAccessObject::READ_NORMAL;
	}
}
