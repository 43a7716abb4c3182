<?php
/**
 * `Host\SchemaRevisions::changed`, the check of a save's `validatedAgainst` that `PageWrites`
 * makes inside the save's transaction: a Schema page saved again, deleted or created since the
 * core's checks makes the save an `edit-conflict` with nothing written.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Host;

use MediaWiki\Extension\Strata\Host\SchemaRevisions;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use PHPUnit\Framework\TestCase;

class SchemaRevisionsTest extends TestCase {
	private const SCHEMA = 7474;

	public function testEverySchemaMustStillBeAtTheRevisionReadOrStillAbsent(): void {
		$db = MediaWikiDatabase::sqlite();
		$db->query( 'CREATE TABLE page (page_id INTEGER PRIMARY KEY, page_namespace INTEGER NOT NULL, '
			. 'page_title TEXT NOT NULL, page_latest INTEGER NOT NULL)', __METHOD__ );
		$db->insert( 'page', [
			[ 'page_id' => 1, 'page_namespace' => self::SCHEMA, 'page_title' => 'Box', 'page_latest' => 10 ],
			[ 'page_id' => 2, 'page_namespace' => self::SCHEMA, 'page_title' => 'Two_words', 'page_latest' => 20 ],
			[ 'page_id' => 3, 'page_namespace' => 0, 'page_title' => 'Gone', 'page_latest' => 30 ],
		], __METHOD__ );
		$at = static fn ( string $title, ?int $revision, int $namespace = self::SCHEMA ) =>
			[ 'namespace' => $namespace, 'title' => $title, 'revisionId' => $revision ];
		$cases = [
			'nothing to check' => [ [], true ],
			'at the revision read' => [ [ $at( 'Box', 10 ) ], true ],
			'a title with a space, as the core spells it' => [ [ $at( 'Two words', 20 ) ], true ],
			'saved again since' => [ [ $at( 'Box', 9 ) ], false ],
			'one of two saved again' => [ [ $at( 'Box', 10 ), $at( 'Two words', 19 ) ], false ],
			'deleted since' => [ [ $at( 'Gone', 30 ) ], false ],
			'still absent' => [ [ $at( 'Nothing', null ) ], true ],
			'created since' => [ [ $at( 'Box', null ) ], false ],
			'the namespace counts' => [ [ $at( 'Gone', 30, 0 ), $at( 'Box', 10 ) ], true ],
		];
		foreach ( $cases as $case => [ $versions, $unchanged ] ) {
			$this->assertSame( $unchanged, SchemaRevisions::changed( $db, $versions ) === [], $case );
		}
		$this->assertSame( [ $at( 'Two words', 19 ) ], SchemaRevisions::changed( $db, $cases['one of two saved again'][0] ),
			'the changed ones are named, for the re-plan to read them again' );
	}
}
