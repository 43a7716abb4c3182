<?php
/**
 * The list operations of the Host port (docs/lists.md) that read Strata's index tables on MediaWiki,
 * each row with the caller's `readable` for its page (the core drops unreadable rows). Orders that
 * ignore case are applied here, as ASCII folding, because MariaDB compares the binary columns byte
 * by byte.
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\MediaWikiServices;
use Title;
use Wikimedia\Rdbms\IDatabase;

class IndexQueries {
	private const COLUMNS = [
		'ss_subject_id', 'ss_page_id', 'ss_schema', 'ss_label', 'ss_display_name', 'ss_display_name_generated',
		'ss_is_main', 'ss_is_dependent', 'ss_host_subject_id', 'page_namespace', 'page_title',
	];

	private IDatabase $db;
	private PageRecords $records;

	public function __construct( MediaWikiServices $services, PageRecords $records ) {
		$this->db = $services->getDBLoadBalancer()->getConnectionRef( DB_REPLICA );
		$this->records = $records;
	}

	/** IndexedSubject rows of `strata_subject` joined with their pages, matching $conds. */
	private function rows( array $conds ): array {
		$res = $this->db->select( [ 'strata_subject', 'page' ], self::COLUMNS, $conds, __METHOD__, [],
			[ 'page' => [ 'JOIN', 'page_id = ss_page_id' ] ] );
		$rows = [];
		foreach ( $res as $row ) {
			$title = Title::makeTitle( (int)$row->page_namespace, $row->page_title );
			$rows[] = [
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
				'readable' => $this->records->access( $title )['read'],
			];
		}
		return $rows;
	}

	private static function fold( string $text ): string {
		return strtr( $text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz' );
	}

	public function subjectRows( array $ids ): array {
		return [ 'rows' => $ids === [] ? [] : $this->rows( [ 'ss_subject_id' => $ids ] ) ];
	}

	/** Subjects per stored Schema reference, counting every Subject whatever its page's access. */
	public function subjectCounts(): array {
		$res = $this->db->select( 'strata_subject', [ 'ss_schema', 'n' => 'COUNT(*)' ], [], __METHOD__,
			[ 'GROUP BY' => 'ss_schema', 'ORDER BY' => 'ss_schema' ] );
		$counts = [];
		foreach ( $res as $row ) {
			$counts[] = [ 'schema' => json_decode( $row->ss_schema, true ), 'count' => (int)$row->n ];
		}
		return [ 'counts' => $counts ];
	}

	/**
	 * The Subjects holding a relation to $targetId (other than itself), generated names last, then by
	 * name; at most $inspect relation rows are looked at.
	 */
	public function referencingSubjects( string $targetId, int $limit, int $inspect ): array {
		$res = $this->db->select( 'strata_relation', [ 'sr_source_id', 'sr_property' ],
			[ 'sr_target_id' => $targetId, 'sr_source_id != ' . $this->db->addQuotes( $targetId ) ], __METHOD__,
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
		usort( $rows, static fn ( $a, $b ) => [ $a['displayNameIsGenerated'], self::fold( $a['displayName'] ), $a['subjectId'] ]
			<=> [ $b['displayNameIsGenerated'], self::fold( $b['displayName'] ), $b['subjectId'] ] );
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
