<?php
/**
 * The check of a write's `validatedAgainst` (the core's SavePages): each Schema page the write was
 * checked against is still at that revision, or still absent, read inside the write's transaction.
 * On MariaDB the read locks the page rows it finds (LOCK IN SHARE MODE; an absent title's gap), so a
 * Schema save, which updates its page row, waits until the write commits; on SQLite the read's lock
 * on the database keeps any other writer from committing before this transaction ends.
 */

namespace MediaWiki\Extension\Strata\Host;

use Wikimedia\Rdbms\IDatabase;

class SchemaRevisions {
	/**
	 * The versions of Schemas a write was prepared without because they did not exist (the
	 * `absentSchemas` of the core's `preparePages`, by title): they must still not exist.
	 *
	 * @param list<string> $titles
	 */
	public static function absent( array $titles ): array {
		return array_map( static fn ( string $title ) => [ 'namespace' => NS_STRATA_SCHEMA, 'title' => $title, 'revisionId' => null ], $titles );
	}

	/**
	 * The versions that no longer hold: the page has another latest revision, exists when it was
	 * absent, or is gone.
	 *
	 * @param list<array{namespace: int, title: string, revisionId: ?int}> $versions
	 */
	public static function changed( IDatabase $dbw, array $versions ): array {
		if ( $versions === [] ) {
			return [];
		}
		$key = static fn ( $namespace, string $title ) => (int)$namespace . ':' . strtr( $title, ' ', '_' );
		$where = array_map( static fn ( array $v ) => $dbw->makeList( [ 'page_namespace' => (int)$v['namespace'],
			'page_title' => strtr( (string)$v['title'], ' ', '_' ) ], IDatabase::LIST_AND ), $versions );
		$rows = $dbw->select( 'page', [ 'page_namespace', 'page_title', 'page_latest' ],
			$dbw->makeList( $where, IDatabase::LIST_OR ), __METHOD__, [ 'LOCK IN SHARE MODE' ] );
		$latest = [];
		foreach ( $rows as $row ) {
			$latest[$key( $row->page_namespace, $row->page_title )] = (int)$row->page_latest;
		}
		return array_values( array_filter( $versions, static fn ( array $v ) =>
			( $latest[$key( $v['namespace'], (string)$v['title'] )] ?? null ) !== ( isset( $v['revisionId'] ) ? (int)$v['revisionId'] : null ) ) );
	}
}
