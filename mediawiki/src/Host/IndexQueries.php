<?php
/**
 * The lookups of the Host port's list operations (docs/lists.md) on Strata's index tables, each row
 * with the caller's `readable` for its page (the core drops unreadable rows); `listSubjects` is
 * `SubjectListing`. Name orders use `ss_name_sort` (ASCII case folded when the row is written),
 * because MariaDB compares the binary columns byte by byte.
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\MediaWikiServices;
use Title;
use Wikimedia\Rdbms\IDatabase;

class IndexQueries {
	private const COLUMNS = [
		'ss_subject_id', 'ss_page_id', 'ss_schema', 'ss_label', 'ss_display_name', 'ss_display_name_generated',
		'ss_is_main', 'ss_is_dependent', 'ss_host_subject_id', 'page_namespace', 'page_title',
		'ss_schema_key', 'ss_page_title', 'ss_created', 'ss_edited',
	];

	private RequestReads $reads;
	private PageRecords $records;

	public function __construct( MediaWikiServices $services, PageRecords $records ) {
		$this->reads = new RequestReads( $services->getDBLoadBalancer() );
		$this->records = $records;
	}

	/** The connection the lookups read from now (RequestReads). */
	public function db(): IDatabase {
		return $this->reads->db();
	}

	/**
	 * `strata_subject` rows joined with their pages, matching $conds, with $options of
	 * IDatabase::select; each has the IndexedSubject columns and the order keys.
	 */
	public function select( array $conds, array $options = [] ): iterable {
		// STRAIGHT_JOIN: MariaDB would otherwise read `page` first and sort the whole join (a
		// temporary table and a filesort of every Subject, half a second at 80,000) instead of walking
		// the order's index of `strata_subject` up to the limit. SQLite reads it as a comment.
		return $this->db()->select( [ 'strata_subject', 'page' ], self::COLUMNS, $conds, __METHOD__, $options + [ 'STRAIGHT_JOIN' ],
			[ 'page' => [ 'JOIN', 'page_id = ss_page_id' ] ] );
	}

	/** The IndexedSubject of a row of select(), with the caller's `readable`. */
	public function indexed( \stdClass $row ): array {
		$title = Title::makeTitle( (int)$row->page_namespace, $row->page_title );
		return [
			'subjectId' => $row->ss_subject_id,
			'pageId' => (int)$row->ss_page_id,
			'pageNamespace' => (int)$row->page_namespace,
			'pageTitle' => $title->getPrefixedText(),
			'schema' => json_decode( $row->ss_schema, true ),
			'label' => $row->ss_label,
			'displayName' => $row->ss_display_name,
			'displayNameIsGenerated' => (bool)$row->ss_display_name_generated,
			'isMain' => (bool)$row->ss_is_main,
			'isDependent' => (bool)$row->ss_is_dependent,
			'hostSubjectId' => $row->ss_host_subject_id,
			// `read` only: lists need no more, and `edit` would load each row's page restrictions.
			'readable' => $this->records->can( 'read', $title ),
		];
	}

	/** IndexedSubject rows matching $conds. */
	private function rows( array $conds, array $options = [] ): array {
		$rows = [];
		foreach ( $this->select( $conds, $options ) as $row ) {
			$rows[] = $this->indexed( $row );
		}
		return $rows;
	}

	public function subjectRows( array $ids ): array {
		return [ 'rows' => $ids === [] ? [] : $this->rows( [ 'ss_subject_id' => $ids ] ) ];
	}

	/**
	 * The Subjects changed by the newest $lookback revisions of any page, each once with the time of
	 * its newest change there, newest first (within a revision by Subject ID); Subjects no longer
	 * indexed are skipped. The revisions' rows are read newest first a few at a time, until $limit
	 * Subjects are found: the primary key's walk, never a sort of every row of the $lookback revisions.
	 */
	public function recentlyEdited( int $limit, int $lookback ): array {
		$db = $this->db();
		$oldest = $db->selectField( 'revision', 'rev_id', [], __METHOD__,
			[ 'ORDER BY' => 'rev_id DESC', 'OFFSET' => max( 0, $lookback - 1 ), 'LIMIT' => 1 ] );
		$chunk = $limit + 1;
		$newest = [];
		$rows = [];
		$pending = []; // the rows of the last revision read, which the next chunk may continue
		for ( $after = null; ; ) {
			$conds = $oldest === false ? [] : [ 'srs_rev_id >= ' . (int)$oldest ];
			if ( $after !== null ) {
				$conds[] = '(srs_rev_id < ' . (int)$after[0] . ' OR (srs_rev_id = ' . (int)$after[0]
					. ' AND srs_subject_id < ' . $db->addQuotes( $after[1] ) . '))';
			}
			$res = $db->select( [ 'strata_revision_subject', 'revision' ], [ 'srs_rev_id', 'srs_subject_id', 'rev_timestamp' ], $conds, __METHOD__,
				[ 'ORDER BY' => [ 'srs_rev_id DESC', 'srs_subject_id DESC' ], 'LIMIT' => $chunk, 'STRAIGHT_JOIN' ],
				[ 'revision' => [ 'JOIN', 'rev_id = srs_rev_id' ] ] );
			$read = [];
			foreach ( $res as $row ) {
				$read[] = $row;
			}
			$last = $read === [] || count( $read ) < $chunk;
			$all = array_merge( $pending, $read );
			$pending = [];
			if ( !$last ) {
				$after = [ (int)end( $read )->srs_rev_id, end( $read )->srs_subject_id ];
				while ( $all !== [] && (int)end( $all )->srs_rev_id === $after[0] ) {
					array_unshift( $pending, array_pop( $all ) );
				}
			}
			// Newest revision first, and within one revision by Subject ID.
			usort( $all, static fn ( $a, $b ) => [ (int)$b->srs_rev_id, $a->srs_subject_id ] <=> [ (int)$a->srs_rev_id, $b->srs_subject_id ] );
			$ids = [];
			foreach ( $all as $row ) {
				if ( !isset( $newest[$row->srs_subject_id] ) ) {
					$newest[$row->srs_subject_id] = $row->rev_timestamp;
					$ids[] = (string)$row->srs_subject_id;
				}
			}
			$found = [];
			foreach ( $ids === [] ? [] : $this->select( [ 'ss_subject_id' => $ids ] ) as $row ) {
				$found[$row->ss_subject_id] = $row;
			}
			foreach ( $ids as $id ) {
				if ( isset( $found[$id] ) ) {
					$rows[] = $this->indexed( $found[$id] ) + [ 'lastEdited' => PageRecords::iso( $newest[$id] ) ];
					if ( count( $rows ) >= $limit ) {
						return [ 'rows' => $rows ];
					}
				}
			}
			if ( $last ) {
				return [ 'rows' => $rows ];
			}
		}
	}

	/**
	 * Standalone Subjects with a non-generated display name starting with $prefix (ASCII case
	 * ignored), by that name and then by ID; $schemas (stored references) narrow them when not empty.
	 */
	public function subjectLabels( array $schemas, ?string $prefix, int $limit ): array {
		$conds = [ 'ss_display_name_generated' => 0, 'ss_is_dependent' => 0 ];
		if ( $prefix !== null && $prefix !== '' ) {
			$conds[] = 'ss_name_sort' . $this->db()->buildLike( IndexTables::nameKey( $prefix ), $this->db()->anyString() );
		}
		$options = [ 'ORDER BY' => [ 'ss_name_sort', 'ss_subject_id' ], 'LIMIT' => $limit ];
		if ( $schemas === [] ) {
			return [ 'rows' => $this->rows( $conds, $options ) ];
		}
		// A walk of the name index of each Schema (`ss_schema_name`) up to the limit, merged: one
		// query for all of them would sort every name of those Schemas that has the prefix.
		$rows = [];
		foreach ( array_unique( $schemas ) as $schema ) {
			array_push( $rows, ...$this->rows( $conds + [ 'ss_schema_key' => $schema ], $options ) );
		}
		usort( $rows, static fn ( $a, $b ) => strcmp( IndexTables::nameKey( $a['displayName'] ), IndexTables::nameKey( $b['displayName'] ) )
			?: strcmp( $a['subjectId'], $b['subjectId'] ) );
		return [ 'rows' => array_slice( $rows, 0, $limit ) ];
	}

	/**
	 * Subjects per stored Schema reference, counting every Subject whatever its page's access: the
	 * rows of `strata_subject_count`, which the index writes keep (counting the index itself was a
	 * scan, about a second at a million Subjects), in the order of the stored references. A key is a
	 * Schema name, or the JSON text of a `{source, name}` reference (a title cannot hold `{`).
	 */
	public function subjectCounts(): array {
		$res = $this->db()->select( 'strata_subject_count', [ 'ss_schema_key' => 'ssc_schema_key', 'n' => 'ssc_count' ], [ 'ssc_count > 0' ], __METHOD__ );
		$counts = [];
		foreach ( $res as $row ) {
			$key = (string)$row->ss_schema_key;
			$schema = str_starts_with( $key, '{' ) ? json_decode( $key, true ) : $key;
			$counts[json_encode( $schema, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE )] = [ 'schema' => $schema, 'count' => (int)$row->n ];
		}
		ksort( $counts, SORT_STRING );
		return [ 'counts' => array_values( $counts ) ];
	}

	/**
	 * The Subjects holding a relation to $targetId (other than itself), generated names last, then by
	 * name; at most $inspect relation rows are looked at.
	 */
	public function referencingSubjects( string $targetId, int $limit, int $inspect ): array {
		$res = $this->db()->select( 'strata_relation', [ 'sr_source_id', 'sr_property' ],
			[ 'sr_target_id' => $targetId, 'sr_source_id != ' . $this->db()->addQuotes( $targetId ) ], __METHOD__,
			[ 'ORDER BY' => 'sr_source_id', 'LIMIT' => $inspect + 1 ] );
		$properties = [];
		$seen = 0;
		foreach ( $res as $row ) {
			if ( ++$seen > $inspect ) {
				break;
			}
			$properties[$row->sr_source_id][$row->sr_property] = true;
		}
		$truncated = $seen > $inspect;
		$rows = $properties === [] ? [] : $this->rows( [ 'ss_subject_id' => array_map( 'strval', array_keys( $properties ) ) ] );
		usort( $rows, static fn ( $a, $b ) => [ $a['displayNameIsGenerated'], IndexTables::nameKey( $a['displayName'] ), $a['subjectId'] ]
			<=> [ $b['displayNameIsGenerated'], IndexTables::nameKey( $b['displayName'] ), $b['subjectId'] ] );
		$truncated = $truncated || count( $rows ) > $limit;
		$out = [];
		foreach ( array_slice( $rows, 0, $limit ) as $row ) {
			$names = array_map( 'strval', array_keys( $properties[$row['subjectId']] ) );
			sort( $names, SORT_STRING );
			$out[] = $row + [ 'propertyNames' => $names ];
		}
		return [ 'rows' => $out, 'truncated' => $truncated ];
	}
}
