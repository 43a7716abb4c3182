<?php
/**
 * `Stores\StoreConfig`: `$wgStrataStores` read into entries with their kind and defaults, the first
 * store of a kind, what the core is told (no connection fields), and the refusal of an entry it
 * cannot use.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Stores;

use MediaWiki\Extension\Strata\Stores\StoreConfig;
use PHPUnit\Framework\TestCase;

class StoreConfigTest extends TestCase {
	private function stores(): StoreConfig {
		return new StoreConfig( [
			'quads' => [ 'type' => 'sparql-http', 'url' => 'http://127.0.0.1:7940', 'projection' => 'schemaorg' ],
			'graph' => [ 'type' => 'falkordb', 'url' => 'redis://127.0.0.1:6440' ],
			7 => [ 'type' => 'falkordb', 'url' => 'redis://127.0.0.1:6441', 'graph' => 'other' ],
		] );
	}

	public function testEachEntryGetsItsKindAndDefaults(): void {
		$stores = $this->stores();
		$this->assertSame(
			[ 'type' => 'falkordb', 'kind' => 'graph', 'projection' => 'native', 'url' => 'redis://127.0.0.1:6440', 'graph' => 'strata' ],
			$stores->entry( 'graph' )
		);
		$this->assertSame( [ 'sparql', 'schemaorg' ], [ $stores->entry( 'quads' )['kind'], $stores->entry( 'quads' )['projection'] ] );
		$this->assertSame( 'other', $stores->entry( '7' )['graph'] );
		$this->assertNull( $stores->entry( 'missing' ) );
		$this->assertSame( [ 'quads', 'graph', '7' ], $stores->names(), 'names are strings, in the order of the setting' );
	}

	public function testTheFirstStoreOfAKindServesTheQueries(): void {
		$stores = $this->stores();
		$this->assertSame( [ 'graph', 'quads' ], [ $stores->first( 'graph' ), $stores->first( 'sparql' ) ] );
		$this->assertNull( ( new StoreConfig( [] ) )->first( 'graph' ) );
	}

	public function testTheCoreIsToldTypesAndProjectionsOnly(): void {
		$this->assertEquals(
			(object)[
				'quads' => [ 'type' => 'sparql-http', 'projection' => 'schemaorg' ],
				'graph' => [ 'type' => 'falkordb', 'projection' => 'native' ],
				'7' => [ 'type' => 'falkordb', 'projection' => 'native' ],
			],
			$this->stores()->forCore()
		);
		$this->assertEquals( (object)[], ( new StoreConfig( [] ) )->forCore(), 'no stores: an empty object, not a list' );
	}

	/** @dataProvider provideUnusableEntries */
	public function testAnEntryItCannotUseIsRefusedByName( array $entry ): void {
		$this->expectException( \InvalidArgumentException::class );
		$this->expectExceptionMessage( "\$wgStrataStores['bad'] needs a type (falkordb or sparql-http) and a url" );
		new StoreConfig( [ 'ok' => [ 'type' => 'falkordb', 'url' => 'redis://127.0.0.1:6440' ], 'bad' => $entry ] );
	}

	public static function provideUnusableEntries(): array {
		return [
			'no type' => [ [ 'url' => 'redis://127.0.0.1:6440' ] ],
			'an unknown type' => [ [ 'type' => 'neo4j', 'url' => 'bolt://127.0.0.1:7687' ] ],
			'no url' => [ [ 'type' => 'sparql-http' ] ],
		];
	}
}
