<?php
/**
 * `Rest\ReusedAnswers`: an answer the core declared reusable is served again only under the same key,
 * with the same values of the headers it read, to a caller with the `read` right, while its pages
 * stand (the pages' check is MediaWiki's and is tested end to end: tests/mediawiki/test_mediawiki_reused_answers.py);
 * an index answer (a list) only while the index's generation is the one it was kept under, and is
 * kept only when its reads saw every write before that generation (tests/mediawiki/test_mediawiki_kept_lists.py).
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Rest;

use HashBagOStuff;
use MediaWiki\Extension\Strata\Rest\ReusedAnswers;
use MediaWiki\Extension\Strata\Tests\MediaWikiDatabase;
use MediaWiki\Permissions\Authority;
use MediaWiki\Permissions\SimpleAuthority;
use MediaWiki\User\UserIdentityValue;
use PHPUnit\Framework\TestCase;

class ReusedAnswersTest extends TestCase {
	private const PAGES = [ [ 'namespace' => 0, 'title' => 'Ada', 'revisionId' => 7 ], [ 'namespace' => 3100, 'title' => 'Person', 'revisionId' => null ] ];
	private const ANSWER = [ 'status' => 200, 'headers' => [ 'content-type' => 'application/json', 'etag' => '"7"' ], 'body' => '{"subjects":{}}' ];

	private HashBagOStuff $cache;
	/** What the pages' check was asked, and what it answers. */
	private array $asked = [];
	private bool $pagesStand = true;

	protected function setUp(): void {
		MediaWikiDatabase::loadMediaWiki();
		$this->cache = new HashBagOStuff();
	}

	private function answers( string $path = '/strata/v0/subject/s1', array $context = [ 'config' ], ?string $generation = null ): ReusedAnswers {
		$check = function ( array $pages, array $readable, Authority $caller ): bool {
			$this->asked[] = $readable === [] ? $pages : [ $pages, $readable ];
			return $this->pagesStand;
		};
		return new ReusedAnswers( $this->cache, ReusedAnswers::key( $this->cache, $path, [] ), static fn () => $context, $check,
			static fn ( Authority $caller ) => $caller->isAllowed( 'read' ), $generation !== null, $generation );
	}

	private static function reader( array $rights = [ 'read' ] ): Authority {
		return new SimpleAuthority( new UserIdentityValue( 0, '127.0.0.1' ), $rights );
	}

	private function keepDeclared(): void {
		$this->answers()->keep( self::ANSWER + [ 'reusable' => [ 'pages' => self::PAGES, 'headers' => [ 'if-none-match' => null ] ] ] );
	}

	public function testADeclaredAnswerIsServedAgainWithoutItsDeclaration(): void {
		$this->keepDeclared();
		$this->assertSame( self::ANSWER, $this->answers()->find( [ 'accept' => '*/*' ], self::reader() ) );
		$this->assertSame( [ self::PAGES ], $this->asked, 'its pages are checked for this caller' );
	}

	public function testAnAnswerWithoutDeclarationIsNotKept(): void {
		$this->answers()->keep( self::ANSWER );
		$this->assertNull( $this->answers()->find( [], self::reader() ) );
	}

	/** @dataProvider provideMisses */
	public function testNotServed( string $case, array $headers, array $rights, bool $pagesStand, string $path, array $context ): void {
		$this->keepDeclared();
		$this->pagesStand = $pagesStand;
		$this->assertNull( $this->answers( $path, $context )->find( $headers, self::reader( $rights ) ), $case );
	}

	public static function provideMisses(): iterable {
		$subject = '/strata/v0/subject/s1';
		yield 'a header it read has another value' => [ 'if-none-match', [ 'if-none-match' => '"7"' ], [ 'read' ], true, $subject, [ 'config' ] ];
		yield 'a caller without the read right' => [ 'no read', [], [], true, $subject, [ 'config' ] ];
		yield 'a page changed or unreadable' => [ 'pages', [], [ 'read' ], false, $subject, [ 'config' ] ];
		yield 'another path' => [ 'path', [], [ 'read' ], true, '/strata/v0/subject/s2', [ 'config' ] ];
		yield 'another configuration or module' => [ 'context', [], [ 'read' ], true, $subject, [ 'config changed' ] ];
	}

	private const ROWS = [ [ 'namespace' => 0, 'title' => 'Ada Lovelace' ] ];
	private const LIST = '/strata/v0/subjects';

	private function list( string $generation = 'g1' ): ReusedAnswers {
		return $this->answers( self::LIST, [ 'config' ], $generation );
	}

	private function keepList(): void {
		$this->list()->keep( self::ANSWER + [ 'reusable' => [ 'pages' => [], 'headers' => [], 'index' => self::ROWS ] ] );
	}

	public function testAListIsServedAgainWhileTheIndexStandsToReadersOfItsRows(): void {
		$this->keepList();
		$this->assertSame( self::ANSWER, $this->list()->find( [], self::reader() ) );
		$this->assertSame( [ [ [], self::ROWS ] ], $this->asked, 'its rows\' pages are checked for this caller' );
		$this->pagesStand = false;
		$this->assertNull( $this->list()->find( [], self::reader() ), 'a row this caller may not read' );
	}

	public function testAListIsNotServedOnceTheIndexChanged(): void {
		$this->keepList();
		$this->assertNull( $this->list( 'g2' )->find( [], self::reader() ) );
	}

	public function testAnAnswerIsKeptOnlyOnWhatItsRouteMayDependOn(): void {
		$this->answers( self::LIST )->keep( self::ANSWER + [ 'reusable' => [ 'pages' => [], 'headers' => [], 'index' => self::ROWS ] ] );
		$this->assertNull( $this->list()->find( [], self::reader() ), 'an index answer of a route of pages' );
		$this->list()->keep( self::ANSWER + [ 'reusable' => [ 'pages' => self::PAGES, 'headers' => [] ] ] );
		$this->assertNull( $this->list()->find( [], self::reader() ), 'an answer of pages of an index route' );
	}
}
