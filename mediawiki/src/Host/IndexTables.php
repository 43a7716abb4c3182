<?php
/**
 * Strata's index tables (`strata_subject`, `strata_relation`, `strata_revision_subject`; sql/): a
 * page's rows are replaced with the rows the core computed for its new revision, on the connection
 * and inside the transaction that saves the revision. A Subject keeps the creation time it had on
 * any page (a moved Subject keeps its age); its edit time moves, and the revision gets a
 * `strata_revision_subject` row, when the core lists it as changed. `strata_subject_count` follows
 * every row added or removed here, in the same transaction. Every write renews the index's generation
 * once it commits (`IndexGeneration`), so no kept list outlives it.
 */

namespace MediaWiki\Extension\Strata\Host;

use LinkCache;
use Wikimedia\Rdbms\IDatabase;

class IndexTables {
	/** The stored text of a Schema reference: the name, or the JSON text of a `{source, name}` object. */
	public static function schemaKey( $schema ): string {
		return is_string( $schema ) ? $schema : json_encode( $schema, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/** The name order's key: ASCII letters lower-cased, every other byte as it is. */
	public static function nameKey( string $name ): string {
		return strtr( $name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz' );
	}

	/** A value as substring search compares it: Unicode lower case. */
	public static function searchKey( string $text ): string {
		return mb_strtolower( $text, 'UTF-8' );
	}

	/**
	 * Replaces the index rows of page $pageId (prefixed title $pageTitle) with $index, the core's
	 * rows for revision $revisionId saved at $now (a MediaWiki timestamp).
	 */
	public static function replace( IDatabase $dbw, int $pageId, string $pageTitle, int $revisionId, array $index, string $now ): void {
		$subjects = $index['subjects'] ?? [];
		$ids = array_map( static fn ( $s ) => (string)$s['subjectId'], $subjects );
		$mine = $dbw->makeList( [ 'ss_page_id' => $pageId ] + ( $ids ? [ 'ss_subject_id' => $ids ] : [] ), LIST_OR );
		$created = [];
		$edited = [];
		$removed = [];
		$res = $dbw->select( 'strata_subject', [ 'ss_subject_id', 'ss_created', 'ss_edited', 'ss_schema_key' ], [ $mine ], __METHOD__ );
		foreach ( $res as $row ) {
			$created[$row->ss_subject_id] = $row->ss_created;
			$edited[$row->ss_subject_id] = $row->ss_edited;
			$removed[] = $row->ss_schema_key;
		}
		// Rows are deleted by primary key, only those that exist: a delete by a range of a secondary
		// index (or of nothing) locks the gap after it, and two saves of new pages then deadlock on
		// their inserts into that gap.
		if ( $created ) {
			$dbw->delete( 'strata_subject', [ 'ss_subject_id' => array_map( 'strval', array_keys( $created ) ) ], __METHOD__ );
		}
		$relationIds = $dbw->selectFieldValues( 'strata_relation', 'sr_relation_id', [ 'sr_page_id' => $pageId ], __METHOD__ );
		if ( $relationIds ) {
			$dbw->delete( 'strata_relation', [ 'sr_page_id' => $pageId, 'sr_relation_id' => $relationIds ], __METHOD__ );
		}
		self::insert( $dbw, self::rows( $pageId, $pageTitle, $revisionId, $index, $now, $created, $edited ), $removed );
	}

	/**
	 * The rows of page $pageId for $index, `[strata_subject, strata_relation, strata_revision_subject]`
	 * lists; $created and $edited keep the times of Subjects indexed before (by Subject ID).
	 */
	public static function rows( int $pageId, string $pageTitle, int $revisionId, array $index, string $now, array $created = [], array $edited = [] ): array {
		$changed = array_flip( $index['changedSubjectIds'] ?? [] );
		$rows = [];
		foreach ( $index['subjects'] ?? [] as $order => $s ) {
			$id = (string)$s['subjectId'];
			$rows[] = [
				'ss_subject_id' => $id,
				'ss_page_id' => $pageId,
				'ss_schema' => json_encode( $s['schema'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ),
				'ss_schema_key' => self::schemaKey( $s['schema'] ),
				'ss_label' => $s['label'] ?? null,
				'ss_display_name' => $s['displayName'],
				'ss_name_sort' => self::nameKey( $s['displayName'] ),
				'ss_name_search' => self::searchKey( $s['displayName'] ),
				'ss_page_title' => $pageTitle,
				'ss_title_search' => self::searchKey( $pageTitle ),
				'ss_display_name_generated' => $s['displayNameIsGenerated'] ? 1 : 0,
				'ss_is_main' => $s['isMain'] ? 1 : 0,
				'ss_is_dependent' => $s['isDependent'] ? 1 : 0,
				'ss_host_subject_id' => $s['hostSubjectId'] ?? null,
				'ss_position' => (int)( $s['position'] ?? $order ),
				'ss_created' => $created[$id] ?? $now,
				'ss_edited' => isset( $changed[$id] ) || !isset( $edited[$id] ) ? $now : $edited[$id],
			];
		}
		$relations = [];
		foreach ( $index['relations'] ?? [] as $r ) {
			$relations[] = [
				'sr_page_id' => $pageId,
				'sr_source_id' => $r['sourceId'],
				'sr_relation_id' => $r['relationId'],
				'sr_property' => $r['property'],
				'sr_target_id' => $r['targetId'],
			];
		}
		$changes = [];
		foreach ( array_keys( $changed ) as $id ) {
			$changes[] = [ 'srs_rev_id' => $revisionId, 'srs_subject_id' => (string)$id, 'srs_page_id' => $pageId ];
		}
		return [ $rows, $relations, $changes ];
	}

	/**
	 * Inserts rows() of one page, or of many pages merged, one statement per table, and counts them
	 * with the Schema keys of the Subject rows the caller removed ($removed).
	 */
	public static function insert( IDatabase $dbw, array $rows, array $removed = [] ): void {
		[ $subjects, $relations, $changes ] = $rows;
		IndexGeneration::wrote( $dbw );
		self::count( $dbw, array_column( $subjects, 'ss_schema_key' ), $removed );
		if ( $subjects ) {
			$dbw->insert( 'strata_subject', $subjects, __METHOD__ );
		}
		if ( $relations ) {
			$dbw->insert( 'strata_relation', $relations, __METHOD__ );
		}
		if ( $changes ) {
			$dbw->insert( 'strata_revision_subject', $changes, __METHOD__, [ 'IGNORE' ] );
		}
	}

	public static function removePage( IDatabase $dbw, int $pageId ): void {
		IndexGeneration::wrote( $dbw );
		self::count( $dbw, [], $dbw->selectFieldValues( 'strata_subject', 'ss_schema_key', [ 'ss_page_id' => $pageId ], __METHOD__ ) );
		$dbw->delete( 'strata_subject', [ 'ss_page_id' => $pageId ], __METHOD__ );
		$dbw->delete( 'strata_relation', [ 'sr_page_id' => $pageId ], __METHOD__ );
		$dbw->delete( 'strata_revision_subject', [ 'srs_page_id' => $pageId ], __METHOD__ );
	}

	/**
	 * Moves the counts of `strata_subject_count` by the Schema keys of Subject rows $added and
	 * $removed. The count rows are changed in key order, so two saves never wait for each other's.
	 */
	private static function count( IDatabase $dbw, array $added, array $removed ): void {
		$delta = [];
		foreach ( $added as $key ) {
			$delta[$key] = ( $delta[$key] ?? 0 ) + 1;
		}
		foreach ( $removed as $key ) {
			$delta[$key] = ( $delta[$key] ?? 0 ) - 1;
		}
		ksort( $delta, SORT_STRING );
		foreach ( $delta as $key => $n ) {
			if ( $n !== 0 ) {
				$dbw->upsert( 'strata_subject_count', [ 'ssc_schema_key' => (string)$key, 'ssc_count' => $n ], 'ssc_schema_key',
					[ 'ssc_count = ssc_count + ' . (int)$n ], __METHOD__ );
			}
		}
	}

	/**
	 * Counts `strata_subject` again into `strata_subject_count`, in one transaction: for a new count
	 * table (update.php) and after rebuildIndex.php.
	 */
	public static function recount( IDatabase $dbw ): void {
		$dbw->startAtomic( __METHOD__ );
		$dbw->delete( 'strata_subject_count', '*', __METHOD__ );
		$dbw->insertSelect( 'strata_subject_count', 'strata_subject', [ 'ssc_schema_key' => 'ss_schema_key', 'ssc_count' => 'COUNT(*)' ],
			[], __METHOD__, [], [ 'GROUP BY' => 'ss_schema_key' ] );
		$dbw->endAtomic( __METHOD__ );
	}

	/**
	 * `{id: {pageId, schema, page}}` of the ids found in the index, `page` their page's row (LinkCache's
	 * fields, for PageStore; null when the page is gone), read in the same query: a Subject read then
	 * needs no page query of its own (issue 31).
	 */
	public static function subjects( IDatabase $db, array $ids ): array {
		if ( $ids === [] ) {
			return [];
		}
		$found = [];
		$res = $db->select( [ 'strata_subject', 'page' ], array_merge( [ 'ss_subject_id', 'ss_page_id', 'ss_schema' ], LinkCache::getSelectFields() ),
			[ 'ss_subject_id' => $ids ], __METHOD__, [], [ 'page' => [ 'LEFT JOIN', 'page_id = ss_page_id' ] ] );
		foreach ( $res as $row ) {
			$found[$row->ss_subject_id] = [
				'pageId' => (int)$row->ss_page_id,
				'schema' => json_decode( $row->ss_schema, true ),
				'page' => $row->page_id === null ? null : $row,
			];
		}
		return $found;
	}
}
