<?php
/**
 * `Host\IndexTables`' keys: the stored Schema reference, the name order's key (ASCII case folded
 * only, as docs/lists.md states) and the search columns' Unicode lower case.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Host;

use MediaWiki\Extension\Strata\Host\IndexTables;
use PHPUnit\Framework\TestCase;

class IndexTablesTest extends TestCase {
	public function testASchemaReferenceIsItsNameOrItsJsonText(): void {
		$this->assertSame( 'Person', IndexTables::schemaKey( 'Person' ) );
		$this->assertSame(
			'{"source":"other","name":"Straße/Ort"}',
			IndexTables::schemaKey( [ 'source' => 'other', 'name' => 'Straße/Ort' ] ),
			'slashes and non-ASCII letters as written'
		);
	}

	/** @dataProvider provideKeys */
	public function testNameAndSearchKeys( string $text, string $nameKey, string $searchKey ): void {
		$this->assertSame( $nameKey, IndexTables::nameKey( $text ), 'name order' );
		$this->assertSame( $searchKey, IndexTables::searchKey( $text ), 'search' );
	}

	public static function provideKeys(): array {
		return [
			'ASCII' => [ 'Ada LOVELACE 1815', 'ada lovelace 1815', 'ada lovelace 1815' ],
			'non-ASCII capitals' => [ 'ÄRGER Über', 'Ärger Über', 'ärger über' ],
			'Greek and Cyrillic' => [ 'ΣΟΦΙΑ Москва', 'ΣΟΦΙΑ Москва', 'σοφια москва' ],
			'nothing to fold' => [ '', '', '' ],
		];
	}
}
