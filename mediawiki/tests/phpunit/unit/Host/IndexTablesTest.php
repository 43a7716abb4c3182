<?php
/**
 * `Host\IndexTables`' keys: the stored Schema reference, the name order's key (ASCII case folded
 * only, as docs/lists.md states) and the search columns' Unicode lower case; the rows of a page.
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

	public function testAPagesRowsKeepTheTimesOfSubjectsIndexedBeforeUnlessChanged(): void {
		$subject = static fn ( string $id, string $name ) => [ 'subjectId' => $id, 'schema' => 'Person', 'label' => $name,
			'displayName' => $name, 'displayNameIsGenerated' => false, 'isMain' => $id === 'a', 'isDependent' => false ];
		$index = [
			'subjects' => [ $subject( 'a', 'Ada LOVELACE' ), $subject( 'b', 'Ärger' ) ],
			'relations' => [ [ 'sourceId' => 'a', 'relationId' => 'r1', 'property' => 'Knows', 'targetId' => 'b' ] ],
			'changedSubjectIds' => [ 'b' ],
		];
		[ $rows, $relations, $changes ] = IndexTables::rows( 7, 'Ada', 42, $index, '20261127000000',
			[ 'a' => '20200101000000', 'b' => '20210101000000' ], [ 'a' => '20220101000000', 'b' => '20230101000000' ] );
		$this->assertSame( [ 'a', 'b' ], array_column( $rows, 'ss_subject_id' ) );
		$this->assertSame( [ '20200101000000', '20210101000000' ], array_column( $rows, 'ss_created' ), 'a Subject keeps its age' );
		$this->assertSame( [ '20220101000000', '20261127000000' ], array_column( $rows, 'ss_edited' ), 'only the changed one is edited now' );
		$this->assertSame( [ 'ada lovelace', 'ärger' ], array_column( $rows, 'ss_name_search' ) );
		$this->assertSame( [ 0, 1 ], array_column( $rows, 'ss_position' ) );
		$this->assertSame( [ [ 'sr_page_id' => 7, 'sr_source_id' => 'a', 'sr_relation_id' => 'r1', 'sr_property' => 'Knows', 'sr_target_id' => 'b' ] ], $relations );
		$this->assertSame( [ [ 'srs_rev_id' => 42, 'srs_subject_id' => 'b', 'srs_page_id' => 7 ] ], $changes );
		[ $new ] = IndexTables::rows( 8, 'New', 43, $index, '20261127000000' );
		$this->assertSame( [ '20261127000000', '20261127000000' ], array_column( $new, 'ss_edited' ), 'a new page: every Subject now' );
	}
}
