<?php
/**
 * `Stores\StoreStates::overtaken` and `isPending`, which let a post-send store write tell whether its
 * page was saved again (or deleted) since the revision it projects (`StoreRegistry::apply`: such a
 * write is left to the later save's, or, found only after it was made, makes its store stale), and
 * which `apply` asks only when it has a write to make.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Stores;

use MediaWiki\Extension\Strata\Stores\StoreConfig;
use MediaWiki\Extension\Strata\Stores\StoreRegistry;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use PHPUnit\Framework\TestCase;
use Psr\Log\NullLogger;

class OvertakenWritesTest extends TestCase {
	public function testAPageIsOvertakenWhenItsLatestRevisionIsAnotherOrItIsGone(): void {
		$db = MediaWikiDatabase::sqlite();
		$db->query( 'CREATE TABLE page (page_id INTEGER PRIMARY KEY, page_latest INTEGER NOT NULL)', __METHOD__ );
		$db->insert( 'page', [ [ 'page_id' => 1, 'page_latest' => 10 ], [ 'page_id' => 2, 'page_latest' => 21 ] ], __METHOD__ );
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		$cases = [
			'the projected revision is the latest' => [ [ 'pageId' => 1, 'revisionId' => 10 ], false ],
			'a later revision was saved' => [ [ 'pageId' => 2, 'revisionId' => 20 ], true ],
			'the page was deleted since' => [ [ 'pageId' => 3, 'revisionId' => 30 ], true ],
			'a deletion is never overtaken' => [ [ 'pageId' => 3, 'revisionId' => null ], false ],
		];
		foreach ( $cases as $case => [ $page, $overtaken ] ) {
			$this->assertSame( $overtaken, isset( $states->overtaken( [ $page ] )[$page['pageId']] ), $case );
		}
		$this->assertSame( [ 2 => true, 3 => true ], $states->overtaken( array_column( $cases, 0 ) ) );
		$this->assertSame( [], $states->overtaken( [] ) );
	}

	public function testAMarkerIsPendingUntilCleared(): void {
		$db = MediaWikiDatabase::sqlite();
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		$this->assertFalse( $states->isPending( 'graph', 7 ) );
		StoreStates::markPending( $db, [ 'graph' ], 7, 70 );
		$this->assertTrue( $states->isPending( 'graph', 7 ) );
		$this->assertFalse( $states->isPending( 'sparql', 7 ) );
		$states->clearPending( [ 'graph' ], [ [ 'pageId' => 7, 'revisionId' => 70 ] ] );
		$this->assertFalse( $states->isPending( 'graph', 7 ) );
	}

	public function testApplyReadsNoPageWithoutAWriteToMake(): void {
		// No `page` table: a read of the pages' latest revisions would fail.
		$db = MediaWikiDatabase::sqlite();
		$registry = new StoreRegistry( new StoreConfig( [] ), new StoreStates( MediaWikiDatabase::loadBalancer( $db ) ), new NullLogger() );
		$pages = [ [ 'pageId' => 1, 'revisionId' => 10 ] ];
		$cases = [
			'no update' => [],
			'an update for a store the wiki does not configure' => [ [ 'store' => 'graph', 'pageId' => 1, 'kind' => 'graph', 'statements' => [] ] ],
		];
		foreach ( $cases as $case => $updates ) {
			try {
				$registry->apply( $updates, [], $pages );
			} catch ( \Throwable $e ) {
				$this->fail( "$case: {$e->getMessage()}" );
			}
			$this->addToAssertionCount( 1 );
		}
	}
}
