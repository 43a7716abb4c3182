<?php
/**
 * The list conformance corpus (tests/conformance/lists.json) run against the MediaWiki host's
 * `listSubjects`, inside a test wiki: `php maintenance/runScript.php THIS_FILE` with the wiki's
 * MW_CONFIG_FILE. Each corpus page is saved with the host's `savePages` as the other hosts' runs do
 * (tests/api/lists_conformance.rs, host-shim/test/lists-conformance.test.js), inside one database
 * transaction that is rolled back at the end: the wiki's own index rows are removed inside it, so
 * the corpus sees only its own Subjects, and the wiki is left as it was. Every case runs three ways:
 * the host's, and a search's two other ways (its matches read and sorted; walked after too many). Prints one JSON object, `{cases, failures}`, for tests/mediawiki/.
 */

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\IndexQueries;
use MediaWiki\Extension\Strata\Host\MediaWikiHost;
use MediaWiki\Extension\Strata\Host\PageRecords;
use MediaWiki\Extension\Strata\Host\SubjectListing;
use MediaWiki\MediaWikiServices;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataListsConformance extends Maintenance {
	private const DEFAULTS = [ 'schema' => null, 'search' => null, 'after' => null, 'limit' => 50, 'includeDependent' => false, 'timeoutMs' => 60000 ];

	public function execute() {
		$corpus = json_decode( file_get_contents( dirname( __DIR__, 2 ) . '/conformance/lists.json' ), true, 512, JSON_THROW_ON_ERROR );
		require_once CoreGateway::bridgeFile();
		$user = User::newSystemUser( 'Strata conformance', [ 'steal' => true ] );
		$services = MediaWikiServices::getInstance();
		$host = new MediaWikiHost( $services, $user );
		$dbw = $services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
		$dbw->startAtomic( __METHOD__, $dbw::ATOMIC_CANCELABLE );
		try {
			$dbw->delete( 'strata_subject', '*', __METHOD__ );
			$dbw->delete( 'strata_revision_subject', '*', __METHOD__ );
			$failures = $this->run( $corpus, $host, $user );
		} finally {
			$dbw->cancelAtomic( __METHOD__ );
		}
		$this->output( json_encode( [ 'cases' => count( $corpus['cases'] ), 'failures' => $failures ] ) . "\n" );
	}

	/** Saves the corpus wiki and answers the failed cases. */
	private function run( array $corpus, MediaWikiHost $host, User $user ): array {
		foreach ( $corpus['pages'] as $page ) {
			$subjects = [];
			foreach ( $page['subjects'] as $position => $subject ) {
				$subjects[] = $subject + [ 'position' => $position ];
			}
			$index = [ 'subjects' => $subjects, 'relations' => [], 'changedSubjectIds' => array_column( $subjects, 'subjectId' ) ];
			$saved = $host->savePages( [ 'saves' => [ [
				'pageId' => null, 'namespace' => $page['namespace'], 'title' => $page['title'], 'baseRevisionId' => null,
				'createOnly' => true, 'comment' => 'seed', 'contentModel' => 'wikitext', 'mainSlot' => null,
				'subjectSlot' => '{}', 'index' => $index,
			] ] ] );
			if ( !$saved['ok'] ) {
				throw new RuntimeException( 'saving ' . $page['title'] . ': ' . json_encode( $saved ) );
			}
		}
		// The host as it answers, then a search's other ways (SubjectListing): its matches read and
		// sorted, and, with a cap of two, walked after their reading found too many.
		$services = MediaWikiServices::getInstance();
		$index = new IndexQueries( $services, new PageRecords( $services, $user ) );
		$ways = [
			'host' => [ $host, 'listSubjects' ],
			'candidates' => [ new SubjectListing( $index->db(), $index, 0 ), 'list' ],
			'walk after candidates' => [ new SubjectListing( $index->db(), $index, 0, 2 ), 'list' ],
		];
		$failures = [];
		foreach ( $ways as $way => $list ) {
			foreach ( $corpus['cases'] as $case ) {
				$answer = $list( $case['request'] + self::DEFAULTS );
				$got = array_column( $answer['rows'], 'subjectId' );
				if ( $got !== $case['rows'] ) {
					$failures[] = "$way: " . $case['name'] . ': got ' . json_encode( $got ) . ', expected ' . json_encode( $case['rows'] );
				}
			}
		}
		return $failures;
	}
}

$maintClass = StrataListsConformance::class;
require_once RUN_MAINTENANCE_IF_MAIN;
