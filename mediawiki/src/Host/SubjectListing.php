<?php
/**
 * `listSubjects` on Strata's index tables (docs/lists.md): one keyset page of an order, each order a
 * column of `strata_subject` with the Subject ID breaking ties. A search is a substring of the
 * display name or the prefixed page title in their Unicode lower-case columns, or a prefix of the
 * Subject ID (a range of the primary key); the rules are those of tests/conformance/lists.json,
 * which tests/mediawiki/ runs against this host. On MariaDB a search stops at `timeoutMs` (the
 * statement's max_statement_time, the part of the budget this core call's earlier search statements
 * left) and answers `timedOut`; SQLite has no per-statement limit.
 */

namespace MediaWiki\Extension\Strata\Host;

use Wikimedia\Rdbms\DBQueryTimeoutError;
use Wikimedia\Rdbms\IDatabase;

class SubjectListing {
	/** The column each order sorts on. */
	private const KEYS = [
		'newest' => 'ss_created',
		'name' => 'ss_name_sort',
		'schema' => 'ss_schema_key',
		'page' => 'ss_page_title',
		'edited' => 'ss_edited',
	];

	private IDatabase $db;
	private IndexQueries $index;
	/** When this core call's search budget ends (microtime), from its first search statement. */
	private ?float $deadline = null;

	public function __construct( IDatabase $db, IndexQueries $index ) {
		$this->db = $db;
		$this->index = $index;
	}

	/** `{rows: [IndexedSubject + sortKey], timedOut}` for the arguments of `listSubjects`. */
	public function list( array $args ): array {
		$sort = (string)$args['sort'];
		$column = self::KEYS[$sort] ?? self::KEYS['newest'];
		$desc = ( $args['direction'] ?? 'asc' ) === 'desc';
		$conds = [];
		if ( empty( $args['includeDependent'] ) ) {
			$conds['ss_is_dependent'] = 0;
		}
		if ( isset( $args['schema'] ) ) {
			$conds['ss_schema_key'] = (string)$args['schema'];
		}
		if ( isset( $args['after'] ) ) {
			$key = (string)$args['after']['key'];
			$conds[] = $this->after( $column, $sort === 'name' ? IndexTables::nameKey( $key ) : $key, (string)$args['after']['id'], $desc );
		}
		$search = $args['search'] ?? null;
		$options = [ 'ORDER BY' => [ $column . ( $desc ? ' DESC' : '' ), 'ss_subject_id' . ( $desc ? ' DESC' : '' ) ], 'LIMIT' => (int)$args['limit'] ];
		if ( $search !== null && $search !== '' ) {
			$conds[] = $this->matches( (string)$search );
			// The budget is the request's: the core asks again while rows it may not show fill its
			// page, and each statement gets what the earlier ones left.
			$this->deadline ??= microtime( true ) + max( 1, (int)( $args['timeoutMs'] ?? 0 ) ) / 1000;
			$left = (int)( ( $this->deadline - microtime( true ) ) * 1000 );
			if ( $left < 1 ) {
				return [ 'rows' => [], 'timedOut' => true ];
			}
			$options['MAX_EXECUTION_TIME'] = $left;
			$res = $this->searched( $conds, $options );
			if ( $res === null ) {
				return [ 'rows' => [], 'timedOut' => true ];
			}
		} else {
			$res = $this->index->select( $conds, $options );
		}
		$rows = [];
		foreach ( $res as $row ) {
			$sortKey = $sort === 'name' ? $row->ss_display_name : $row->{$column};
			$rows[] = $this->index->indexed( $row ) + [ 'sortKey' => (string)$sortKey ];
		}
		return [ 'rows' => $rows, 'timedOut' => false ];
	}

	/**
	 * The rows of a search, or null when the database stopped it at its time limit. The statement
	 * runs in a savepoint of its own (a cancelable atomic section): the stopped statement is rolled
	 * back alone and the request's transaction goes on clean, where MediaWiki would otherwise flag
	 * the next query of the request with the ignored error.
	 */
	private function searched( array $conds, array $options ): ?iterable {
		$db = $this->index->db();
		$db->startAtomic( __METHOD__, IDatabase::ATOMIC_CANCELABLE );
		try {
			$res = $this->index->select( $conds, $options );
		} catch ( DBQueryTimeoutError $e ) {
			$db->cancelAtomic( __METHOD__ );
			return null;
		}
		$db->endAtomic( __METHOD__ );
		return $res;
	}

	/** Rows strictly after ($key, $id) in the order of $column. */
	private function after( string $column, string $key, string $id, bool $desc ): string {
		$op = $desc ? '<' : '>';
		$k = $this->db->addQuotes( $key );
		return "($column $op $k OR ($column = $k AND ss_subject_id $op " . $this->db->addQuotes( $id ) . '))';
	}

	/** A substring of the folded name or title, or (for printable ASCII) a prefix of the Subject ID. */
	private function matches( string $search ): string {
		$like = $this->db->buildLike( $this->db->anyString(), IndexTables::searchKey( $search ), $this->db->anyString() );
		$parts = [ "ss_name_search$like", "ss_title_search$like" ];
		if ( preg_match( '/^[\x21-\x7e]+$/', $search ) ) {
			$next = substr( $search, 0, -1 ) . chr( ord( substr( $search, -1 ) ) + 1 );
			$parts[] = 'ss_subject_id >= ' . $this->db->addQuotes( $search ) . ' AND ss_subject_id < ' . $this->db->addQuotes( $next );
		}
		return $this->db->makeList( $parts, LIST_OR );
	}
}
