<?php
/**
 * `listSubjects` on Strata's index tables (docs/lists.md): one keyset page of an order, each order a
 * column of `strata_subject` with the Subject ID breaking ties. A search is a substring of the
 * display name or the prefixed page title in their Unicode lower-case columns, or a prefix of the
 * Subject ID (a range of the primary key); the rules are those of tests/conformance/lists.json,
 * which tests/mediawiki/ runs against this host. A search is answered in up to three steps, each
 * within what is left of its budget (below, `list`). On MariaDB a search stops at `timeoutMs` (each
 * statement's max_statement_time, the part of the budget this core call's earlier search statements
 * left) and answers `timedOut`; SQLite has no per-statement limit, so there the first walk runs to
 * its end.
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

	/** How long a search walks its order first (ms): a common search finds its page in that time. */
	public const FIRST_WALK_MS = 30;
	/** The most matches a search reads from `ss_search` and sorts; a search with more walks its order. */
	public const CANDIDATE_CAP = 10000;

	private IDatabase $db;
	private IndexQueries $index;
	/** When this core call's search budget ends (microtime), from its first search statement. */
	private ?float $deadline = null;

	/** $firstWalkMs 0: no first walk (the tests' way to make every search read its candidates). */
	public function __construct( IDatabase $db, IndexQueries $index, private int $firstWalkMs = self::FIRST_WALK_MS,
		private int $cap = self::CANDIDATE_CAP ) {
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
			// The budget is the request's: the core asks again while rows it may not show fill its
			// page, and each statement gets what the earlier ones left.
			$this->deadline ??= microtime( true ) + max( 1, (int)( $args['timeoutMs'] ?? 0 ) ) / 1000;
			$res = $this->search( (string)$search, $conds, $options );
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
	 * The rows of a search, or null when its budget ran out. First a walk of the order with the search
	 * as a filter, for at most `FIRST_WALK_MS`: a common search finds its page there. A rarer one
	 * would walk the whole order, reading a table row for every index entry it passes (at 200,000
	 * Subjects on MariaDB a whole walk took 680 ms, a scan of `ss_search` 20 ms), so next its
	 * matches are read from `ss_search` (and the ID range) and, when there are at most `cap`, sorted
	 * in the order. A search with more matches than that walks again with what is left of the budget
	 * (common matches that lie together far along the order).
	 */
	private function search( string $search, array $conds, array $options ): ?iterable {
		$walk = array_merge( $conds, [ $this->matches( $search ) ] );
		if ( $this->firstWalkMs > 0 ) {
			$left = $this->left();
			$res = $left < 1 ? null : $this->searched( $walk, $options, min( $left, $this->firstWalkMs ) );
			if ( $res !== null || $this->left() < 1 ) {
				return $res;
			}
		}
		$ids = $this->candidates( $search );
		if ( $ids === false ) {
			return null;
		}
		if ( $ids === [] ) {
			return [];
		}
		if ( $ids !== null ) {
			// The matches' rows by primary key, sorted: never a walk of the order's index past them.
			$options['USE INDEX'] = [ 'strata_subject' => 'PRIMARY' ];
			return $this->searched( $conds + [ 'ss_subject_id' => $ids ], $options, max( 1, $this->left() ) );
		}
		$left = $this->left();
		return $left < 1 ? null : $this->searched( $walk, $options, $left );
	}

	/** What is left of the budget, in ms. */
	private function left(): int {
		return (int)( ( $this->deadline - microtime( true ) ) * 1000 );
	}

	/**
	 * The IDs of every Subject the search matches, read from `ss_search` (name and title) and the
	 * primary key (an ID prefix); null when there are more than `cap`, false when the budget ran out.
	 */
	private function candidates( string $search ): array|null|false {
		$db = $this->index->db();
		$like = $db->buildLike( $db->anyString(), IndexTables::searchKey( $search ), $db->anyString() );
		// The ID range first (a range of the primary key: a prefix shared by more than `cap` ends it
		// before the scan), then the name half, which the database reads from `ss_search`, the one
		// index that holds both columns (not named here: a wiki whose update.php has not added it yet
		// scans the table instead).
		$reads = array_filter( [ $this->idRange( $search ), [ "ss_name_search$like OR ss_title_search$like" ] ] );
		$ids = [];
		foreach ( $reads as $conds ) {
			$left = $this->left();
			$res = $left < 1 ? null : $this->searched( $conds, [ 'LIMIT' => $this->cap + 1 ], $left, 'ss_subject_id' );
			if ( $res === null ) {
				return false;
			}
			foreach ( $res as $row ) {
				$ids[$row->ss_subject_id] = true;
			}
			if ( count( $ids ) > $this->cap ) {
				return null;
			}
		}
		return array_map( 'strval', array_keys( $ids ) );
	}

	/**
	 * The rows of a search, or null when the database stopped it at its time limit. The statement
	 * runs in a savepoint of its own (a cancelable atomic section): the stopped statement is rolled
	 * back alone and the request's transaction goes on clean, where MediaWiki would otherwise flag
	 * the next query of the request with the ignored error.
	 */
	private function searched( array $conds, array $options, int $timeoutMs, ?string $column = null ): ?iterable {
		$db = $this->index->db();
		$options['MAX_EXECUTION_TIME'] = $timeoutMs;
		$db->startAtomic( __METHOD__, IDatabase::ATOMIC_CANCELABLE );
		try {
			$res = $column === null ? $this->index->select( $conds, $options )
				: $db->select( 'strata_subject', $column, $conds, __METHOD__, $options );
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
		$range = $this->idRange( $search );
		if ( $range !== null ) {
			$parts[] = $this->db->makeList( $range, LIST_AND );
		}
		return $this->db->makeList( $parts, LIST_OR );
	}

	/** The Subject IDs that start with $search, as conditions; null unless it is printable ASCII. */
	private function idRange( string $search ): ?array {
		if ( !preg_match( '/^[\x21-\x7e]+$/', $search ) ) {
			return null;
		}
		$next = substr( $search, 0, -1 ) . chr( ord( substr( $search, -1 ) ) + 1 );
		return [ 'ss_subject_id >= ' . $this->db->addQuotes( $search ), 'ss_subject_id < ' . $this->db->addQuotes( $next ) ];
	}
}
