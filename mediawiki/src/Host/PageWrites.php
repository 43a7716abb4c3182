<?php
/**
 * The write operations of the Host port on MediaWiki: `savePages` saves every page of a request with
 * PageUpdater in one transaction of its own on the primary database (`WriteTransaction`), each save
 * based on the revision the core read (a different latest revision is a conflict and nothing of the
 * request is kept; so is a deadlock), with the page's index rows and its pending-projection markers
 * (one per configured store) written in the same transaction. `deletePage` deletes through
 * MediaWiki's DeletePage, also atomically with the index rows and markers.
 */

namespace MediaWiki\Extension\Strata\Host;

use CommentStoreComment;
use ContentHandler;
use MediaWiki\Extension\Strata\Content\StrataJsonContent;
use MediaWiki\Extension\Strata\Core\PageContentCheck;
use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\SlotRecord;
use User;
use Wikimedia\Rdbms\IDatabase;

class PageWrites {
	private MediaWikiServices $services;
	private User $user;
	private PageRecords $records;

	/** @param list<string> $stores the configured stores, each of which gets a pending marker per save */
	public function __construct( MediaWikiServices $services, User $user, PageRecords $records, private array $stores, private WriteTransaction $transaction ) {
		$this->services = $services;
		$this->user = $user;
		$this->records = $records;
	}

	public function savePages( array $saves ): array {
		return PageContentCheck::whileCoreSaves( fn () => $this->saveAll( $saves ) );
	}

	private function saveAll( array $saves ): array {
		return $this->transaction->run( __METHOD__, function ( IDatabase $dbw ) use ( $saves ) {
			$results = [];
			foreach ( $saves as $index => $save ) {
				$outcome = $this->saveOne( $dbw, $save );
				if ( isset( $outcome['conflict'] ) ) {
					$pageId = isset( $save['pageId'] ) ? (int)$save['pageId'] : null;
					$this->transaction->conflicted( $pageId, (int)$save['namespace'], (string)$save['title'] );
					return [ false, [ 'ok' => false, 'conflict' => $outcome['conflict'], 'index' => $index ] ];
				}
				$results[] = $outcome;
			}
			return [ true, [ 'ok' => true, 'results' => $results ] ];
		}, [ 'ok' => false, 'conflict' => 'edit-conflict', 'index' => 0 ] );
	}

	/** `{pageId, revisionId, timestamp}`, or `{conflict}` when the page is not as the core read it. */
	private function saveOne( IDatabase $dbw, array $save ): array {
		$title = $this->records->title( (int)$save['namespace'], (string)$save['title'] );
		if ( !$title ) {
			throw new \InvalidArgumentException( "MediaWiki refuses the title \"{$save['title']}\"" );
		}
		$page = $this->services->getWikiPageFactory()->newFromTitle( $title );
		$updater = $page->newPageUpdater( $this->user );
		$parent = $updater->grabParentRevision();
		$base = $save['baseRevisionId'] ?? null;
		if ( $parent === null && $base !== null ) {
			return [ 'conflict' => 'edit-conflict' ];
		}
		if ( $parent !== null && ( $base === null || $save['createOnly'] ) ) {
			return [ 'conflict' => 'title-exists' ];
		}
		if ( $parent !== null && $parent->getId() !== (int)$base ) {
			return [ 'conflict' => 'edit-conflict' ];
		}
		if ( $save['mainSlot'] !== null ) {
			$updater->setContent( SlotRecord::MAIN, ContentHandler::makeContent( $save['mainSlot'], $title, $save['contentModel'] ) );
		} elseif ( $parent === null ) {
			$updater->setContent( SlotRecord::MAIN, ContentHandler::makeContent( '', $title, $save['contentModel'] ) );
		}
		if ( $save['subjectSlot'] !== null ) {
			$updater->setContent( SlotRoleHook::ROLE, new StrataJsonContent( $save['subjectSlot'], SlotRoleHook::MODEL ) );
		}
		$flags = ( $parent === null ? EDIT_NEW : EDIT_UPDATE ) | EDIT_INTERNAL;
		$revision = $updater->saveRevision( CommentStoreComment::newUnsavedComment( (string)$save['comment'] ), $flags );
		$status = $updater->getStatus();
		if ( !$status->isOK() ) {
			if ( $status->hasMessage( 'edit-conflict' ) || $status->hasMessage( 'edit-already-exists' ) ) {
				return [ 'conflict' => $parent === null ? 'title-exists' : 'edit-conflict' ];
			}
			throw new \RuntimeException( 'MediaWiki refused the save: ' . $status->getWikiText( false, false, 'en' ) );
		}
		$revision ??= $parent;
		$pageId = $revision->getPageId();
		IndexTables::replace( $dbw, $pageId, $title->getPrefixedText(), $revision->getId(), $save['index'] ?? [], $revision->getTimestamp() );
		StoreStates::markPending( $dbw, $this->stores, $pageId, $revision->getId() );
		return [ 'pageId' => $pageId, 'revisionId' => $revision->getId(), 'timestamp' => PageRecords::iso( $revision->getTimestamp() ) ];
	}

	public function deletePage( int $pageId, ?int $baseRevisionId, string $comment ): array {
		return PageContentCheck::whileCoreSaves( fn () => $this->deleteOne( $pageId, $baseRevisionId, $comment ) );
	}

	private function deleteOne( int $pageId, ?int $baseRevisionId, string $comment ): array {
		$page = $this->services->getPageStore()->getPageById( $pageId );
		if ( !$page ) {
			return [ 'ok' => false, 'conflict' => 'missing' ];
		}
		if ( $baseRevisionId !== null && $page->getLatest() !== $baseRevisionId ) {
			return [ 'ok' => false, 'conflict' => 'edit-conflict' ];
		}
		return $this->transaction->run( __METHOD__, function ( IDatabase $dbw ) use ( $page, $pageId, $comment ) {
			$deletion = $this->services->getDeletePageFactory()->newDeletePage( $page, $this->user );
			if ( !$deletion->deleteUnsafe( $comment )->isOK() ) {
				return [ false, [ 'ok' => false, 'conflict' => 'missing' ] ];
			}
			IndexTables::removePage( $dbw, $pageId );
			StoreStates::markPending( $dbw, $this->stores, $pageId, $page->getLatest() );
			$logIds = $deletion->getSuccessfulDeletionsIDs();
			return [ true, [ 'ok' => true, 'logId' => (int)( $logIds[$deletion::PAGE_BASE] ?? 0 ) ] ];
		}, [ 'ok' => false, 'conflict' => 'edit-conflict' ] );
	}
}
