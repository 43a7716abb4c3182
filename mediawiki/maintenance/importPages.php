<?php
/**
 * Imports many new Subject pages at once (docs/mediawiki.md, "Bulk import"): the pages of an NDJSON
 * file, one `{"title": ..., "content": {...}}` a line (content: the Subject slot), such as the
 * generated wiki of `scripts/bench/generated-wiki.mjs`. Their Schemas must be pages of the wiki
 * already (importFolder.php imports them).
 *
 *   php importPages.php [--batch-size 100] [--user NAME] FILE|-
 *
 * Batches of pages are normalized, and their index rows computed, by the core's `preparePages` (the
 * code of a save); each batch is then written in one transaction: for every page its page row and one
 * revision with the empty main slot and the Subject slot, as importDump.php writes a revision
 * (WikiPage::insertOn, RevisionStore::insertRevisionOn, WikiPage::updateRevisionOn), and the index
 * rows of the whole batch (`IndexTables::rows`, as a save writes them, a statement per table). Each
 * batch's transaction first checks that the Schemas are still the revisions the batch was prepared
 * with; a Schema saved meanwhile makes the batch be prepared again with the Schemas read anew.
 * What it leaves out, like importDump.php --no-updates: RecentChanges, the search index, the link
 * tables of the (empty) main slot and the edit hooks; and the stores, which are marked stale (a
 * rebuild brings them up to date, rebuildStores.php). A page that does not normalize is reported and
 * left out; a title that exists already stops the import, and its batch is not saved.
 */

use MediaWiki\Extension\Strata\Content\StrataJsonContent;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\Extension\Strata\Host\HeldSaves;
use MediaWiki\Extension\Strata\Host\IndexTables;
use MediaWiki\Extension\Strata\Host\NewPageRows;
use MediaWiki\Extension\Strata\Host\SchemaRevisions;
use MediaWiki\Extension\Strata\Host\SubjectSlotIndex;
use MediaWiki\Extension\Strata\Stores\StoreConfig;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\SlotRecord;
use Wikimedia\Rdbms\IDatabase;

require_once ( getenv( 'MW_INSTALL_PATH' ) ?: dirname( __DIR__, 3 ) ) . '/maintenance/Maintenance.php';

class StrataImportPages extends Maintenance {
	private const COMMENT = 'Bulk import';
	private NewPageRows $rows;
	/** Every Schema by name as JSON text, as `preparePages` takes them, and the revisions they were read at. */
	private string $schemas;
	private array $schemaVersions;

	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Imports new Subject pages from an NDJSON file of {title, content} lines, a batch per transaction.' );
		$this->addOption( 'user', 'The user the pages are saved as (default: the maintenance user)', false, true );
		$this->addArg( 'file', 'The NDJSON file, or - for standard input' );
		$this->setBatchSize( 100 );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$file = $this->getArg( 0 );
		$in = $file === '-' ? STDIN : @fopen( $file, 'r' );
		if ( !$in ) {
			$this->fatalError( "cannot read $file" );
		}
		$name = $this->getOption( 'user', User::MAINTENANCE_SCRIPT_USER );
		$user = $name === User::MAINTENANCE_SCRIPT_USER ? User::newSystemUser( $name, [ 'steal' => true ] ) : User::newFromName( $name );
		if ( !$user || !$user->isRegistered() ) {
			$this->fatalError( "no such user: $name" );
		}
		// Stale before the first page: an import that stops half-way leaves the stores marked.
		$states = new StoreStates( $services->getDBLoadBalancer() );
		foreach ( ( new StoreConfig( $this->getConfig()->get( 'StrataStores' ) ) )->names() as $store ) {
			$states->markStale( $store, 'pages were bulk-imported' );
		}
		$this->readSchemas( $services );
		$options = json_encode( [ 'sourceKey' => $this->getConfig()->get( 'StrataSourceKey' ) ] );
		$this->rows = new NewPageRows( $services, $this->getDB( DB_PRIMARY ) );
		$refused = $this->rows->consecutiveIds();
		if ( $refused !== null ) {
			$this->fatalError( "cannot import in batches: $refused" );
		}
		CoreGateway::core(); // loaded (or compiled) before the clock starts: the rate is the import's
		$started = microtime( true );
		$totals = [ 'pages' => 0, 'subjects' => 0, 'failed' => 0 ];
		$lines = [];
		while ( true ) {
			$line = fgets( $in );
			if ( $line !== false && trim( $line ) !== '' ) {
				$lines[] = $line;
			}
			if ( count( $lines ) >= $this->getBatchSize() || ( $line === false && $lines ) ) {
				$this->importBatch( $user, $lines, $options, $totals );
				$lines = [];
				$seconds = microtime( true ) - $started;
				$this->output( sprintf( "%d pages, %d Subjects, %d failed: %.0f Subjects/s\n",
					$totals['pages'], $totals['subjects'], $totals['failed'], $totals['subjects'] / max( $seconds, 1e-6 ) ) );
			}
			if ( $line === false ) {
				break;
			}
		}
		SiteStatsUpdate::factory( [ 'edits' => $totals['pages'], 'pages' => $totals['pages'] ] )->doUpdate();
		$seconds = microtime( true ) - $started;
		$this->output( sprintf( "imported %d pages, %d Subjects in %.1f s: %.0f Subjects/s; %d failed\n",
			$totals['pages'], $totals['subjects'], $seconds, $totals['subjects'] / max( $seconds, 1e-6 ), $totals['failed'] ) );
		if ( $totals['failed'] > 0 ) {
			exit( 1 );
		}
	}

	/** Reads every Schema, and the revisions read, that the batches are prepared with. */
	private function readSchemas( MediaWikiServices $services ): void {
		[ $schemas, $this->schemaVersions ] = SubjectSlotIndex::schemasAt( $services );
		$this->schemas = json_encode( $schemas, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * Prepares the pages of $lines in the core and writes them in one transaction, which first checks
	 * that every Schema is still at the revision the batch was prepared with and that those its pages
	 * name that did not exist still do not (`SchemaRevisions`, as a save checks its
	 * `validatedAgainst`); when one is not, the Schemas are read again and the batch is prepared again.
	 */
	private function importBatch( User $user, array $lines, string $options, array &$totals ): void {
		$dbw = $this->getDB( DB_PRIMARY );
		while ( true ) {
			[ $pages, $ready, $failures, $absent ] = $this->prepareBatch( $lines, $options, $totals );
			if ( $pages === [] ) {
				break;
			}
			HeldSaves::holdWhileFileExists( $this->getConfig()->get( 'StrataTestHoldSavesFile' ) );
			$this->beginTransaction( $dbw, __METHOD__ );
			if ( SchemaRevisions::changed( $dbw, [ ...$this->schemaVersions, ...SchemaRevisions::absent( $absent ) ] ) === [] ) {
				$this->writeBatch( $dbw, $user, $pages, $ready, count( $lines ), $totals );
				break;
			}
			$this->rollbackTransaction( $dbw, __METHOD__ );
			$this->output( "a Schema changed while importing: the batch is prepared again\n" );
			$this->readSchemas( MediaWikiServices::getInstance() );
		}
		foreach ( $failures as $failure ) {
			$totals['failed']++;
			$this->error( $failure );
		}
	}

	/**
	 * The batch's pages as `[title, slot contents]`, their index rows, a line for each page that
	 * failed, and the titles of the Schemas the pages name that do not exist (the core's `absentSchemas`).
	 */
	private function prepareBatch( array $lines, string $options, array $totals ): array {
		$input = [];
		foreach ( $lines as $number => $line ) {
			$page = json_decode( $line );
			if ( !is_object( $page ) || !is_string( $page->title ?? null ) ) {
				$this->fatalError( 'line ' . ( $totals['pages'] + $totals['failed'] + $number + 1 ) . ' is not a {"title", "content"} object' );
			}
			$input[] = $page;
		}
		$answer = json_decode( CoreGateway::core()->preparePages( '[' . implode( ',', $lines ) . ']', $this->schemas, $options ), true );
		$prepared = $answer['pages'];
		$pages = [];
		$ready = [];
		$failures = [];
		foreach ( $prepared as $i => $page ) {
			$title = Title::makeTitleSafe( NS_MAIN, $input[$i]->title );
			if ( isset( $page['error'] ) || !$title ) {
				$failures[] = "failed    {$input[$i]->title}: " . ( $page['error'] ?? 'not a page title' );
				continue;
			}
			$pages[] = [ $title, [
				SlotRecord::MAIN => ContentHandler::makeContent( '', $title, CONTENT_MODEL_WIKITEXT ),
				SlotRoleHook::ROLE => new StrataJsonContent( $page['subjectSlot'], SlotRoleHook::MODEL ),
			] ];
			$ready[] = $page['index'];
		}
		return [ $pages, $ready, $failures, $answer['absentSchemas'] ?? [] ];
	}

	/** Writes a prepared batch in the transaction begun for it, and commits it. */
	private function writeBatch( IDatabase $dbw, User $user, array $pages, array $ready, int $lines, array &$totals ): void {
		$now = wfTimestampNow();
		$existing = $this->rows->existing( array_column( $pages, 0 ) );
		if ( $existing ) {
			$this->rollbackTransaction( $dbw, __CLASS__ . '::importBatch' );
			$this->fatalError( "{$existing[0]} exists already; the batch of $lines pages was not saved" );
		}
		$saved = $this->rows->insert( $pages, CommentStoreComment::newUnsavedComment( self::COMMENT ), $user, $now );
		$rows = [ [], [], [] ];
		$subjects = 0;
		foreach ( $saved as $i => [ $pageId, $revisionId ] ) {
			foreach ( IndexTables::rows( $pageId, $pages[$i][0]->getPrefixedText(), $revisionId, $ready[$i], $now ) as $table => $tableRows ) {
				array_push( $rows[$table], ...$tableRows );
			}
			$subjects += count( $ready[$i]['subjects'] );
		}
		// A new page has no index rows yet: the batch's rows go in at once, a statement per table. A
		// Subject ID that is indexed already (on another page) fails the batch with its duplicate key.
		IndexTables::insert( $dbw, $rows );
		$this->commitTransaction( $dbw, __CLASS__ . '::importBatch' );
		$totals['pages'] += count( $pages );
		$totals['subjects'] += $subjects;
	}
}

$maintClass = StrataImportPages::class;
require_once RUN_MAINTENANCE_IF_MAIN;
