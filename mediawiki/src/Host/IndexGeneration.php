<?php
/**
 * The Subject index's generation (`CacheGeneration`), under which list answers are kept
 * (`Rest/ReusedAnswers`, docs/mediawiki.md "Kept lists"). It lives in the database's object cache
 * (`CACHE_DB`), which every app server and every maintenance script reaches (a server's own APCu is
 * out of a maintenance script's reach), and is renewed once a transaction that wrote index rows
 * commits (`IndexTables`), before the response of the request that wrote them. A list reads it
 * before its index reads, from a snapshot taken after it (`beforeReads`), so an answer kept under a
 * generation holds every write that came before it, and a later write renews it.
 */

namespace MediaWiki\Extension\Strata\Host;

use BagOStuff;
use MediaWiki\Logger\LoggerFactory;
use ObjectCache;
use Wikimedia\Rdbms\IDatabase;
use Wikimedia\Rdbms\ILoadBalancer;

class IndexGeneration {
	private const NAME = 'subject-index';

	private static function stash(): BagOStuff {
		return ObjectCache::getInstance( CACHE_DB );
	}

	/** Called by every write of index rows on $dbw: the generation is renewed once the write commits. */
	public static function wrote( IDatabase $dbw ): void {
		$dbw->onTransactionCommitOrIdle( static function (): void {
			if ( !CacheGeneration::renew( self::NAME, self::stash() ) ) {
				LoggerFactory::getInstance( 'Strata' )->error( 'The Subject index generation could not be renewed: kept lists may be served until it is.' );
			}
		}, __METHOD__ );
	}

	/**
	 * The generation now, for a request about to read the index: the snapshot of the transaction it
	 * holds (begun maybe before the latest writes) is let go first, so its index reads come from a
	 * snapshot taken after this generation was read. Null when index answers are neither kept nor
	 * served: on a wiki with replicas (lists read a replica, which may lag behind the primary), or
	 * while the request has writes of its own pending.
	 */
	public static function beforeReads( ILoadBalancer $lb ): ?string {
		if ( $lb->getServerCount() > 1 ) {
			return null;
		}
		// The one server's connection, when open (a kept answer needs none, so none is opened here).
		$db = $lb->hasPrimaryConnection() ? $lb->getConnectionRef( DB_REPLICA ) : null;
		if ( $db !== null && $db->trxLevel() > 0 ) {
			if ( $db->explicitTrxActive() || $db->writesOrCallbacksPending() ) {
				return null;
			}
			$db->flushSnapshot( __METHOD__ );
		}
		return CacheGeneration::of( self::NAME, self::stash() );
	}
}
