<?php
/**
 * `Host\CacheGeneration`: a generation stays until renewed, in the cache it is asked of (the
 * Subject index's lives in the database's object cache, `IndexGeneration`).
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Host;

use HashBagOStuff;
use MediaWiki\Extension\Strata\Host\CacheGeneration;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use PHPUnit\Framework\TestCase;

class CacheGenerationTest extends TestCase {
	protected function setUp(): void {
		MediaWikiDatabase::loadMediaWiki();
	}

	public function testAGenerationStaysUntilRenewed(): void {
		$stash = new HashBagOStuff();
		$first = CacheGeneration::of( 'x', $stash );
		$this->assertSame( $first, CacheGeneration::of( 'x', $stash ) );
		$this->assertTrue( CacheGeneration::renew( 'x', $stash ) );
		$this->assertNotSame( $first, CacheGeneration::of( 'x', $stash ) );
		$this->assertNotSame( CacheGeneration::of( 'x', $stash ), CacheGeneration::of( 'y', $stash ) );
		$this->assertSame( CacheGeneration::of( 'y', $stash ), CacheGeneration::of( 'y', $stash ) );
	}
}
