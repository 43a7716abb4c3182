<?php
/**
 * The Subjects of a graph rebuild's next batch that the graph does not hold, which the core creates
 * without a lookup by ID (`absent` of `projectForStore`; docs/stores.md, docs/graph.md): as the
 * reference host's worker (host-shim/stores/rebuild.js) computes them. Those the Subject index places
 * on the batch's pages, less the relation targets of earlier batches (stubs now): a target is
 * remembered under the page the index places it on when that page comes later; one the index does
 * not place stays a stub. The first batch clears the graph and the core creates all of it, so it
 * needs none of this.
 *
 * Once anything may have written to the store during the run, the graph may hold any Subject and
 * none is said to be absent, for the rest of the run. MediaWiki's saves run in other processes, so
 * the run watches the wiki's change mark (`changeMark`) instead of the saves it makes itself: the
 * highest revision id (every edit, page creation, move, rollback, import) and the highest log id
 * (every deletion and undeletion, which write no revision), read before each batch.
 */

namespace MediaWiki\Extension\Strata\Stores;

use Wikimedia\Rdbms\IDatabase;

class RebuildAbsent {
	private string $markAtStart;
	private bool $quiet;
	/** @var array<int, list<string>> stubs by the later page the index places them on */
	private array $stubsByPage = [];

	/** $quiet false: the run could not see the wiki's changes as they commit, so no ID is ever sent. */
	public function __construct( private IDatabase $db, private bool $graph, bool $quiet ) {
		$this->markAtStart = self::changeMark( $db );
		$this->quiet = $graph && $quiet;
	}

	/** What the wiki's last change was: any change the stores take moves it. */
	public static function changeMark( IDatabase $db ): string {
		return $db->selectField( 'revision', 'MAX(rev_id)', [], __METHOD__ ) . ':' . $db->selectField( 'logging', 'MAX(log_id)', [], __METHOD__ );
	}

	/**
	 * The absent IDs of a batch after the first, about to be projected.
	 * @param list<int> $pageIds
	 * @return list<string>
	 */
	public function of( array $pageIds ): array {
		// Once not quiet, never again: the stubs and the index are not read any more.
		$this->quiet = $this->quiet && self::changeMark( $this->db ) === $this->markAtStart;
		if ( !$this->quiet || $pageIds === [] ) {
			return [];
		}
		$stubs = [];
		foreach ( $pageIds as $pageId ) {
			foreach ( $this->stubsByPage[$pageId] ?? [] as $id ) {
				$stubs[$id] = true;
			}
			unset( $this->stubsByPage[$pageId] );
		}
		$ids = $this->db->selectFieldValues( 'strata_subject', 'ss_subject_id', [ 'ss_page_id' => $pageIds ], __METHOD__ );
		return array_values( array_filter( array_map( 'strval', $ids ), static fn ( $id ) => !isset( $stubs[$id] ) ) );
	}

	/**
	 * A batch's answer: its `outsideTargets`, and its last page.
	 * @param list<string> $targets
	 */
	public function targeted( array $targets, int $lastPageId ): void {
		if ( !$this->quiet || $targets === [] ) {
			return;
		}
		$rows = $this->db->select( 'strata_subject', [ 'ss_subject_id', 'ss_page_id' ], [ 'ss_subject_id' => $targets ], __METHOD__ );
		foreach ( $rows as $row ) {
			if ( (int)$row->ss_page_id > $lastPageId ) {
				$this->stubsByPage[(int)$row->ss_page_id][] = (string)$row->ss_subject_id;
			}
		}
	}
}
