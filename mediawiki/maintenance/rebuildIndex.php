<?php
/**
 * Rebuilds Strata's index tables (`strata_subject`, `strata_relation`, and the latest revision's
 * rows of `strata_revision_subject`) from the pages' latest revisions (docs/mediawiki.md,
 * "Maintenance"):
 *
 *   php extensions/Strata/maintenance/rebuildIndex.php
 *
 * Every page whose latest revision has a Subject slot is indexed again by the core's `preparePages`
 * (Host/SubjectSlotIndex, as for a revert or an import): its rows are replaced, a Subject keeps the
 * creation time it had in the index. Rows of pages that no longer hold Subjects, or no longer exist,
 * are removed. One transaction per page. Last, the Subject counts are counted again from the rows
 * (`strata_subject_count`). The stores are not touched: rebuild them afterwards (rebuildStores.php)
 * if they may differ.
 */

use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\Extension\Strata\Host\IndexTables;
use MediaWiki\Extension\Strata\Host\SubjectSlotIndex;
use MediaWiki\MediaWikiServices;

require_once ( getenv( 'MW_INSTALL_PATH' ) ?: dirname( __DIR__, 3 ) ) . '/maintenance/Maintenance.php';

class StrataRebuildIndex extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Rebuilds Strata\'s index tables from the latest revision of every page.' );
		$this->setBatchSize( 500 );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$dbw = $this->getDB( DB_PRIMARY );
		$revisions = $services->getRevisionStore();
		$schemas = SubjectSlotIndex::schemas( $services );
		$indexed = 0;
		$removed = 0;
		for ( $after = 0; ; ) {
			$res = $dbw->select( 'page', [ 'page_id', 'page_latest' ], [ 'page_id > ' . $after ], __METHOD__,
				[ 'ORDER BY' => 'page_id', 'LIMIT' => $this->getBatchSize() ] );
			if ( $res->numRows() === 0 ) {
				break;
			}
			foreach ( $res as $row ) {
				$after = (int)$row->page_id;
				$revision = $revisions->getRevisionById( (int)$row->page_latest );
				$this->beginTransaction( $dbw, __METHOD__ );
				if ( $revision && $revision->hasSlot( SlotRoleHook::ROLE ) ) {
					SubjectSlotIndex::reindex( $revision, $schemas );
					$indexed++;
				} elseif ( $dbw->selectField( 'strata_subject', '1', [ 'ss_page_id' => $after ], __METHOD__ ) ) {
					IndexTables::removePage( $dbw, $after );
					$removed++;
				}
				$this->commitTransaction( $dbw, __METHOD__ );
			}
			$this->output( "up to page $after: $indexed pages indexed, $removed emptied\n" );
		}
		$gone = $dbw->selectFieldValues( [ 'strata_subject', 'page' ], 'DISTINCT ss_page_id', [ 'page_id' => null ], __METHOD__, [],
			[ 'page' => [ 'LEFT JOIN', 'page_id = ss_page_id' ] ] );
		foreach ( $gone as $pageId ) {
			$this->beginTransaction( $dbw, __METHOD__ );
			IndexTables::removePage( $dbw, (int)$pageId );
			$this->commitTransaction( $dbw, __METHOD__ );
		}
		$this->beginTransaction( $dbw, __METHOD__ );
		IndexTables::recount( $dbw );
		$this->commitTransaction( $dbw, __METHOD__ );
		$this->output( "$indexed pages indexed, " . ( $removed + count( $gone ) ) . " pages' rows removed\n" );
	}
}

$maintClass = StrataRebuildIndex::class;
require_once RUN_MAINTENANCE_IF_MAIN;
