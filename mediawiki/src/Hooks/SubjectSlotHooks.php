<?php
/**
 * Index rows and store projection for Subject-slot changes MediaWiki makes itself, without the core:
 * a revert, rollback, undo or plain api.php edit of a page with a Subject slot
 * (RevisionFromEditComplete, inside the save's transaction, with the Schemas `MultiContentSave` read
 * and held before it), an undeletion (ArticleUndelete, 1.39's hook after the revisions are restored,
 * inside the undeletion's transaction), an import by importDump.php or Special:Import
 * (AfterImportPage, once a page's revisions are in): each indexed from Schemas checked to be still
 * as read in the change's transaction (`Host/SlotEditSchemas`) and a deletion through action=delete or Special:Delete
 * (PageDeleteComplete: after DeletePage's atomic section, inside the request's transaction that
 * commits it; docs/mediawiki.md). The rows are the core's
 * (`Host/SubjectSlotIndex`, `preparePages`), written with a pending marker per store; the stores
 * get the change through the core's `projectPageChanges` once the request's transaction is done. Saves and deletions the core planned
 * itself (REST writes) have their rows and projection already and are left alone.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DeferredUpdates;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\PageContentCheck;
use MediaWiki\Extension\Strata\Host\IndexTables;
use MediaWiki\Extension\Strata\Host\SlotEditSchemas;
use MediaWiki\Extension\Strata\Host\SubjectSlotIndex;
use MediaWiki\Extension\Strata\Stores\StoreConfig;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageReference;
use MediaWiki\Revision\RenderedRevision;
use MediaWiki\Revision\RevisionRecord;
use Title;
use User;

class SubjectSlotHooks {
	public static function onRevisionFromEditComplete( $wikiPage, RevisionRecord $revision, $originalRevId, $user, &$tags ): void {
		if ( PageContentCheck::coreIsSaving() ) {
			return;
		}
		$revisions = MediaWikiServices::getInstance()->getRevisionStore();
		$parent = $revision->getParentId() ? $revisions->getRevisionById( $revision->getParentId() ) : null;
		if ( !$revision->hasSlot( SlotRoleHook::ROLE ) && !( $parent && $parent->hasSlot( SlotRoleHook::ROLE ) ) ) {
			return;
		}
		self::index( $revision, $wikiPage );
		self::markPending( $revision->getPageId(), $revision->getId() );
		self::project( [ 'pageId' => $revision->getPageId(), 'namespace' => $wikiPage->getNamespace(), 'baseRevisionId' => $parent?->getId() ] );
	}

	/**
	 * The index rows of $revision of $page: its Subject slot's, from Schemas held to the revisions
	 * read until the transaction commits (`SlotEditSchemas`), or none without a slot.
	 */
	private static function index( RevisionRecord $revision, PageReference $page ): void {
		if ( $revision->hasSlot( SlotRoleHook::ROLE ) ) {
			SlotEditSchemas::indexInTransaction( MediaWikiServices::getInstance(), $page,
				static fn ( object $schemas ) => SubjectSlotIndex::reindex( $revision, $schemas ) );
		} else {
			SubjectSlotIndex::reindex( $revision );
		}
	}

	/**
	 * Before MediaWiki writes an edit of a page with a Subject slot: the Schemas its rows will be
	 * computed from are read and held (`SlotEditSchemas`); one saved meanwhile aborts the edit with
	 * `edit-conflict`.
	 */
	public static function onMultiContentSave( RenderedRevision $renderedRevision, $user, $summary, $flags, $hookStatus ): bool {
		$revision = $renderedRevision->getRevision();
		if ( PageContentCheck::coreIsSaving() || !$revision->hasSlot( SlotRoleHook::ROLE ) ) {
			return true;
		}
		return SlotEditSchemas::checkBeforeEdit( MediaWikiServices::getInstance(), $revision->getPage(), $hookStatus );
	}

	public static function onArticleUndelete( Title $title, $created, $comment, $oldPageId, $restoredPages ): void {
		self::indexLatest( $title, false );
	}

	/**
	 * A page imported by importDump.php or Special:Import: its latest revision's Subjects, or none
	 * when that revision has no Subject slot and the page had Subjects before. Every page of the dump
	 * is indexed again, even when its revisions were there already: importDump.php's revision
	 * callback returns nothing, so MediaWiki 1.39 reports no revision of it as imported ($sRevCount 0).
	 */
	public static function onAfterImportPage( $title, $foreignTitle, $revCount, $sRevCount, $pageInfo ): void {
		if ( $revCount > 0 ) {
			self::indexLatest( Title::castFromLinkTarget( $title ), true );
		}
	}

	/** Indexes and projects the latest revision of a page whose revisions MediaWiki restored or imported. */
	private static function indexLatest( Title $title, bool $evenWithoutSlot ): void {
		$services = MediaWikiServices::getInstance();
		$revision = $services->getRevisionLookup()->getRevisionByTitle( $title );
		if ( !$revision ) {
			return;
		}
		if ( !$revision->hasSlot( SlotRoleHook::ROLE ) ) {
			$indexed = $evenWithoutSlot && $services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY )
				->selectField( 'strata_subject', '1', [ 'ss_page_id' => $revision->getPageId() ], __METHOD__ );
			if ( !$indexed ) {
				return;
			}
		}
		self::index( $revision, $title );
		self::markPending( $revision->getPageId(), $revision->getId() );
		self::project( [ 'pageId' => $revision->getPageId(), 'namespace' => $title->getNamespace(), 'baseRevisionId' => null ] );
		SearchHooks::queueUpdate( $revision );
	}

	public static function onPageDeleteComplete( $page, $deleter, $reason, $pageId, RevisionRecord $deleted, $logEntry, $count ): void {
		if ( PageContentCheck::coreIsSaving() || !$deleted->hasSlot( SlotRoleHook::ROLE ) ) {
			return;
		}
		IndexTables::removePage( MediaWikiServices::getInstance()->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY ), (int)$pageId );
		self::markPending( (int)$pageId, $deleted->getId() );
		$text = static fn ( string $role ) => $deleted->hasSlot( $role ) ? $deleted->getContent( $role, RevisionRecord::RAW )?->serialize() : null;
		self::project( [ 'pageId' => (int)$pageId, 'namespace' => $page->getNamespace(),
			'deleted' => [ 'mainSlot' => $text( 'main' ), 'subjectSlot' => $text( SlotRoleHook::ROLE ) ] ] );
	}

	/** The change is pending in every store until the store acknowledges it (docs/stores.md). */
	private static function markPending( int $pageId, int $revisionId ): void {
		$services = MediaWikiServices::getInstance();
		$stores = ( new StoreConfig( $services->getMainConfig()->get( 'StrataStores' ) ) )->names();
		StoreStates::markPending( $services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY ), $stores, $pageId, $revisionId );
	}

	/**
	 * Hands the change to the core's projection once the request's writes are committed, before the
	 * answer is sent (as a REST write answers after its projection); never when the transaction
	 * holding the change is rolled back.
	 */
	private static function project( array $change ): void {
		$dbw = MediaWikiServices::getInstance()->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
		DeferredUpdates::addCallableUpdate( static function () use ( $change ) {
			try {
				$system = User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] );
				CoreGateway::forRequest( $system )->projectPageChanges( [ $change ] );
			} catch ( \Throwable $e ) {
				LoggerFactory::getInstance( 'Strata' )->warning( 'projection of page ' . $change['pageId'] . ' failed: ' . $e->getMessage() );
			}
		}, DeferredUpdates::PRESEND, $dbw );
	}
}
