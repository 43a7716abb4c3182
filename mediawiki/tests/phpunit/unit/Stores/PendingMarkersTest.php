<?php
/**
 * The pending-marker corpus (tests/conformance/pending-markers.json) run against `Stores\StoreStates`
 * on SQLite through MediaWiki's database layer: the same cases the reference host's stores/pending.js
 * answers in host-shim/test/pending-markers.test.js.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Stores;

use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use PHPUnit\Framework\TestCase;

class PendingMarkersTest extends TestCase {
	/** @dataProvider provideCases */
	public function testTheMarkersLeftAreTheCorpusOnes( array $steps, array $left ): void {
		$db = MediaWikiDatabase::sqlite();
		$states = new StoreStates( MediaWikiDatabase::loadBalancer( $db ) );
		foreach ( $steps as $step ) {
			match ( $step['op'] ) {
				'mark' => StoreStates::markPending( $db, $step['stores'], $step['page'], $step['rev'] ),
				'ack' => $states->clearPending( [ $step['store'] ], [ [ 'pageId' => $step['page'], 'revisionId' => $step['rev'] ] ] ),
				'rebuilt' => $states->clearPendingUpTo( $step['store'], $step['upTo'] ),
			};
		}
		$rows = $db->select( 'strata_projection_pending', [ 'spp_store', 'spp_page_id', 'spp_rev_id' ], [], __METHOD__,
			[ 'ORDER BY' => [ 'spp_store', 'spp_page_id' ] ] );
		$got = [];
		foreach ( $rows as $row ) {
			$got[] = [ $row->spp_store, (int)$row->spp_page_id, (int)$row->spp_rev_id ];
		}
		$this->assertSame( $left, $got );
	}

	public static function provideCases(): iterable {
		$corpus = json_decode( file_get_contents( dirname( __DIR__, 5 ) . '/tests/conformance/pending-markers.json' ), true, 512, JSON_THROW_ON_ERROR );
		foreach ( $corpus['cases'] as $case ) {
			yield $case['case'] => [ $case['steps'], $case['left'] ];
		}
	}
}
