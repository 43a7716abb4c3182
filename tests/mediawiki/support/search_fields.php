<?php
/**
 * The fields CirrusSearch would index for the test's pages, without CirrusSearch: the fields the
 * search engine declares (`SearchIndexFields`) and, for each main-namespace page titled "Catalogue
 * entry ...", what its content handler's `getDataForSearchIndex` answers (`SearchDataForIndex`).
 * Run by tests/mediawiki/test_mediawiki_search.py with `php maintenance/runScript.php THIS_FILE`;
 * prints one JSON object, `{declared, pages: {title: {strata_subjects}}}`.
 */

use MediaWiki\MediaWikiServices;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataSearchFields extends Maintenance {
	public function execute() {
		$services = MediaWikiServices::getInstance();
		$engine = $services->newSearchEngine();
		$db = $services->getDBLoadBalancer()->getConnectionRef( DB_REPLICA );
		$titles = $db->selectFieldValues( 'page', 'page_title', [ 'page_namespace' => NS_MAIN, 'page_title' . $db->buildLike( 'Catalogue_entry_', $db->anyString() ) ], __METHOD__ );
		$pages = [];
		foreach ( $titles as $dbKey ) {
			$page = $services->getWikiPageFactory()->newFromTitle( Title::makeTitle( NS_MAIN, $dbKey ) );
			$output = $page->getParserOutput( $page->makeParserOptions( 'canonical' ) );
			$fields = $page->getContentHandler()->getDataForSearchIndex( $page, $output, $engine );
			$pages[$page->getTitle()->getText()] = array_intersect_key( $fields, array_flip( [ 'strata_subjects' ] ) );
		}
		$this->output( json_encode( [ 'declared' => array_keys( $engine->getSearchIndexFields() ), 'pages' => $pages ] ) . "\n" );
	}
}

$maintClass = StrataSearchFields::class;
require_once RUN_MAINTENANCE_IF_MAIN;
