<?php
/**
 * A deletion through MediaWiki's DeletePage (as action=delete does it) inside a transaction round
 * that is then committed or rolled back: `php maintenance/runScript.php THIS_FILE PAGE_ID [--commit]`
 * with the wiki's MW_CONFIG_FILE. The deletion hook's index removal must be part of that
 * transaction: inside it the page's index rows are gone; after a rollback they are back, with the
 * page; after a commit they stay gone. Prints one JSON object for tests/mediawiki/.
 */

use MediaWiki\MediaWikiServices;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataDeleteInTransaction extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addArg( 'pageId', 'the page to delete' );
		$this->addOption( 'commit', 'commit the deletion (else it is rolled back)' );
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$lbFactory = $services->getDBLoadBalancerFactory();
		$pageId = (int)$this->getArg( 0 );
		$admin = User::newSystemUser( 'Strata deletion test', [ 'steal' => true ] );
		$lbFactory->beginPrimaryChanges( __METHOD__ );
		$page = $services->getPageStore()->getPageById( $pageId );
		$deleted = $services->getDeletePageFactory()->newDeletePage( $page, $admin )->deleteUnsafe( 'in a transaction' )->isOK();
		$inside = $this->rows( $pageId );
		if ( $this->hasOption( 'commit' ) ) {
			$lbFactory->commitPrimaryChanges( __METHOD__ );
		} else {
			$lbFactory->rollbackPrimaryChanges( __METHOD__ );
		}
		$after = $services->getPageStore()->getPageById( $pageId, IDBAccessObject::READ_LATEST );
		$this->output( json_encode( [ 'deleted' => $deleted, 'rowsInside' => $inside, 'rowsAfter' => $this->rows( $pageId ),
			'pageAfter' => $after !== null ] ) . "\n" );
	}

	/** The page's index rows: Subjects, relations and pending-projection markers. */
	private function rows( int $pageId ): array {
		$dbw = MediaWikiServices::getInstance()->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
		return [
			'subjects' => (int)$dbw->selectRowCount( 'strata_subject', '*', [ 'ss_page_id' => $pageId ], __METHOD__ ),
			'relations' => (int)$dbw->selectRowCount( 'strata_relation', '*', [ 'sr_page_id' => $pageId ], __METHOD__ ),
		];
	}
}

$maintClass = StrataDeleteInTransaction::class;
require_once RUN_MAINTENANCE_IF_MAIN;
