<?php
/**
 * New pages of one revision each, many at once (maintenance/importPages.php): the rows MediaWiki 1.39
 * writes for a new page's first revision when importDump.php saves it (WikiPage::insertOn,
 * RevisionStore::insertRevisionOn, WikiPage::updateRevisionOn): `page`, `revision` (its actor),
 * `revision_comment_temp`, `text`, `content` and `slots`, each table in one multi-row statement for
 * the whole batch, where MediaWiki writes a statement per row (about 17 per page).
 *
 * Page IDs are read back by title. A multi-row INSERT gives its `text`, `content` and `revision` rows
 * consecutive IDs: SQLite has one writer, and InnoDB does so with `innodb_autoinc_lock_mode` 0 or 1
 * (MariaDB's default is 1); with 2 the import refuses to start (`consecutiveIds`). A wiki that keeps
 * its text in external storage gets its blobs stored one by one through MediaWiki's blob store.
 */

namespace MediaWiki\Extension\Strata\Host;

use CommentStoreComment;
use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageIdentity;
use MediaWiki\Page\PageIdentityValue;
use MediaWiki\Revision\MutableRevisionRecord;
use MediaWiki\Revision\SlotRecord;
use MediaWiki\Storage\SqlBlobStore;
use MediaWiki\User\UserIdentity;
use Title;
use Wikimedia\Rdbms\IDatabase;

class NewPageRows {
	private MediaWikiServices $services;
	private IDatabase $dbw;
	private SqlBlobStore $blobs;

	public function __construct( MediaWikiServices $services, IDatabase $dbw ) {
		$this->services = $services;
		$this->dbw = $dbw;
		$this->blobs = $services->getBlobStoreFactory()->newSqlBlobStore();
	}

	/** Why a multi-row INSERT may not get consecutive IDs on this database, or null. */
	public function consecutiveIds(): ?string {
		if ( $this->dbw->getType() !== 'mysql' ) {
			return null;
		}
		$mode = (int)$this->dbw->selectField( '', '@@innodb_autoinc_lock_mode', [], __METHOD__ );
		return $mode <= 1 ? null : "innodb_autoinc_lock_mode is $mode: a multi-row INSERT's IDs may interleave with other writers' (set it to 1, MariaDB's default)";
	}

	/** The prefixed titles of $titles that are pages already. */
	public function existing( array $titles ): array {
		$found = [];
		foreach ( $this->pageIds( $titles ) as $key => $id ) {
			$found[] = $titles[$key]->getPrefixedText();
		}
		return $found;
	}

	/**
	 * Writes, inside the caller's transaction, a page and its first revision for each of $pages
	 * (`[Title, [role => Content]]`, the main slot among them), saved by $user at $now with $comment.
	 * Answers `[pageId, revisionId]` for each page, in the order of $pages.
	 */
	public function insert( array $pages, CommentStoreComment $comment, UserIdentity $user, string $now ): array {
		$dbw = $this->dbw;
		$timestamp = $dbw->timestamp( $now );
		$pageRows = [];
		$titles = [];
		foreach ( $pages as $i => [ $title, $slots ] ) {
			$main = $slots[SlotRecord::MAIN];
			$titles[$i] = $title;
			// As insertOn, then updateRevisionOn with the new revision, in one row.
			$pageRows[] = [
				'page_namespace' => $title->getNamespace(), 'page_title' => $title->getDBkey(), 'page_is_redirect' => 0,
				'page_is_new' => 1, 'page_random' => wfRandom(), 'page_touched' => $timestamp, 'page_latest' => 0,
				'page_len' => $main->getSize(), 'page_content_model' => $main->getModel(),
			];
		}
		$dbw->insert( 'page', $pageRows, __METHOD__ );
		$pageIds = $this->pageIds( $titles );

		$revisions = [];
		$blobs = [];
		foreach ( $pages as $i => [ $title, $slots ] ) {
			// Of the page's identity, not of $title: a Title would look its page up again.
			$revision = new MutableRevisionRecord( new PageIdentityValue( $pageIds[$i], $title->getNamespace(), $title->getDBkey(), PageIdentity::LOCAL ) );
			foreach ( $slots as $role => $content ) {
				$revision->setContent( $role, $content );
				$blobs[] = [ $role, $content, $content->serialize( $content->getDefaultFormat() ) ];
			}
			$revision->setComment( $comment );
			$revision->setUser( $user );
			$revision->setTimestamp( $now );
			$revisions[] = $revision;
		}
		$addresses = $this->storeBlobs( array_column( $blobs, 2 ) );
		$contentRows = [];
		foreach ( $blobs as $b => [ $role, $content, $blob ] ) {
			$contentRows[] = [
				'content_size' => $content->getSize(), 'content_sha1' => SlotRecord::base36Sha1( $blob ),
				'content_model' => $this->services->getContentModelStore()->acquireId( $content->getModel() ),
				'content_address' => $addresses[$b],
			];
		}
		$contentIds = $this->insertRows( 'content', $contentRows );

		$actor = $this->services->getActorNormalization()->acquireActorId( $user, $dbw );
		$revisionRows = [];
		foreach ( $revisions as $revision ) {
			$revisionRows[] = [
				'rev_page' => $revision->getPageId(), 'rev_parent_id' => 0, 'rev_minor_edit' => 0, 'rev_timestamp' => $timestamp,
				'rev_deleted' => 0, 'rev_len' => $revision->getSize(), 'rev_sha1' => $revision->getSha1(), 'rev_actor' => $actor,
			];
		}
		$revisionIds = $this->insertRows( 'revision', $revisionRows );
		// MediaWiki 1.39 keeps a revision's comment in revision_comment_temp (CommentStore::TEMP_TABLES).
		$commentId = $this->services->getCommentStore()->createComment( $dbw, $comment )->id;
		$dbw->insert( 'revision_comment_temp', array_map(
			static fn ( $id ) => [ 'revcomment_rev' => $id, 'revcomment_comment_id' => $commentId ], $revisionIds ), __METHOD__ );

		$slotRows = [];
		$b = 0;
		foreach ( $pages as $i => [ , $slots ] ) {
			foreach ( $slots as $role => $content ) {
				$slotRows[] = [
					'slot_revision_id' => $revisionIds[$i], 'slot_role_id' => $this->services->getSlotRoleStore()->acquireId( $role ),
					'slot_content_id' => $contentIds[$b++], 'slot_origin' => $revisionIds[$i],
				];
			}
		}
		$dbw->insert( 'slots', $slotRows, __METHOD__ );
		$latest = [];
		foreach ( $pageIds as $i => $pageId ) {
			$latest[] = 'WHEN ' . (int)$pageId . ' THEN ' . (int)$revisionIds[$i];
		}
		$dbw->update( 'page', [ 'page_latest = CASE page_id ' . implode( ' ', $latest ) . ' END' ], [ 'page_id' => array_values( $pageIds ) ], __METHOD__ );
		$answer = [];
		foreach ( $pageIds as $i => $pageId ) {
			$answer[$i] = [ $pageId, $revisionIds[$i] ];
		}
		return $answer;
	}

	/** The IDs of the pages of $titles that exist, by the key of each title. */
	private function pageIds( array $titles ): array {
		$keys = [];
		$byNamespace = [];
		foreach ( $titles as $i => $title ) {
			$keys[$title->getNamespace() . ':' . $title->getDBkey()] = $i;
			$byNamespace[$title->getNamespace()][$title->getDBkey()] = true;
		}
		$ids = [];
		$res = $this->dbw->select( 'page', [ 'page_id', 'page_namespace', 'page_title' ],
			[ $this->dbw->makeWhereFrom2d( $byNamespace, 'page_namespace', 'page_title' ) ], __METHOD__ );
		foreach ( $res as $row ) {
			$ids[$keys[$row->page_namespace . ':' . $row->page_title]] = (int)$row->page_id;
		}
		return $ids;
	}

	/** The text rows' addresses of $blobs, as SqlBlobStore::storeBlob makes them. */
	private function storeBlobs( array $blobs ): array {
		if ( $this->blobs->getUseExternalStore() ) {
			return array_map( fn ( $blob ) => $this->blobs->storeBlob( $blob ), $blobs );
		}
		$rows = [];
		foreach ( $blobs as $blob ) {
			$flags = $this->blobs->compressData( $blob );
			$rows[] = [ 'old_text' => $blob, 'old_flags' => $flags ];
		}
		return array_map( [ SqlBlobStore::class, 'makeAddressFromTextId' ], $this->insertRows( 'text', $rows ) );
	}

	/** Inserts $rows in one statement and answers their (consecutive) auto-increment IDs, in order. */
	private function insertRows( string $table, array $rows ): array {
		$this->dbw->insert( $table, $rows, __METHOD__ );
		// MariaDB's LAST_INSERT_ID() is the statement's first ID, SQLite's last_insert_rowid() its last.
		$id = (int)$this->dbw->insertId();
		$first = $this->dbw->getType() === 'sqlite' ? $id - count( $rows ) + 1 : $id;
		return range( $first, $first + count( $rows ) - 1 );
	}
}
