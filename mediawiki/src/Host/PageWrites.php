<?php
/**
 * The write operations of the Host port on MediaWiki: `savePages` saves every page of a request with
 * PageUpdater in one transaction of its own on the primary database (`WriteTransaction`), each save
 * based on the revision the core read (a different latest revision is a conflict and nothing of the
 * request is kept; so is a deadlock, and so is a Schema the core checked the saves against that is no
 * longer at the revision it read, `SchemaRevisions`), with the page's index rows and its pending-projection markers
 * (one per configured store) written in the same transaction. `deletePage` deletes through
 * MediaWiki's DeletePage, also atomically with the index rows and markers. Before either, MediaWiki's
 * own checks of an edit (`EditChecks`: full permissions with blocks, the `edit` rate limit, the edit
 * filters) may refuse the request: nothing is written and the answer carries the `refusal`. Saves of
 * a caller with the `bot` right are bot edits.
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
use Title;
use User;
use Wikimedia\Rdbms\IDatabase;

class PageWrites {
	private MediaWikiServices $services;
	private User $user;
	private PageRecords $records;
	private EditChecks $checks;

	/** @param list<string> $stores the configured stores, each of which gets a pending marker per save */
	public function __construct( MediaWikiServices $services, User $user, PageRecords $records, private array $stores, private WriteTransaction $transaction ) {
		$this->services = $services;
		$this->user = $user;
		$this->records = $records;
		$this->checks = new EditChecks( $services, $user );
	}

	public function checks(): EditChecks {
		return $this->checks;
	}

	/** $validatedAgainst: the Schema pages the core checked the saves against (`SchemaRevisions`). */
	public function savePages( array $saves, array $validatedAgainst = [] ): array {
		if ( $validatedAgainst !== [] ) {
			HeldSaves::holdWhileFileExists( $this->services->getMainConfig()->get( 'StrataTestHoldSavesFile' ) );
		}
		return PageContentCheck::whileCoreSaves( fn () => $this->saveAll( $saves, $validatedAgainst ) );
	}

	private function saveAll( array $saves, array $validatedAgainst ): array {
		$refusal = $this->refusal( $saves );
		if ( $refusal !== null ) {
			return [ 'ok' => false, 'refusal' => $refusal ];
		}
		return $this->transaction->run( __METHOD__, function ( IDatabase $dbw ) use ( $saves, $validatedAgainst ) {
			$changed = SchemaRevisions::changed( $dbw, $validatedAgainst );
			if ( $changed !== [] ) {
				// The re-plan reads these Schemas again past MediaWiki's page cache, under their lock.
				foreach ( $changed as $schema ) {
					$this->transaction->conflicted( null, (int)$schema['namespace'], (string)$schema['title'] );
				}
				return [ false, [ 'ok' => false, 'conflict' => 'edit-conflict' ] ];
			}
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

	/**
	 * The first refusal of MediaWiki's checks of an edit, in api.php's order: every page's permissions
	 * (`create` too for a new page), then the rate limit, then every page's edit filters; or null.
	 */
	private function refusal( array $saves ): ?array {
		$titles = array_map( fn ( array $save ) => $this->title( $save ), $saves );
		foreach ( $titles as $title ) {
			$refusal = $this->checks->permission( 'edit', $title ) ?? ( $title->exists() ? null : $this->checks->permission( 'create', $title ) );
			if ( $refusal !== null ) {
				return $refusal;
			}
		}
		$refusal = $this->checks->editRateLimit();
		foreach ( $saves as $index => $save ) {
			$page = $this->services->getWikiPageFactory()->newFromTitle( $titles[$index] );
			$refusal ??= $this->checks->filters( $page, $this->contents( $save, $titles[$index], !$titles[$index]->exists() ), (string)$save['comment'] );
		}
		return $refusal;
	}

	private function title( array $save ): Title {
		$title = $this->records->title( (int)$save['namespace'], (string)$save['title'] );
		if ( !$title ) {
			throw new \InvalidArgumentException( "MediaWiki refuses the title \"{$save['title']}\"" );
		}
		return $title;
	}

	/** The content of each slot a save sets, by role (a new page gets an empty main slot when the save has none). */
	private function contents( array $save, Title $title, bool $new ): array {
		$contents = [];
		if ( $save['mainSlot'] !== null || $new ) {
			$contents[SlotRecord::MAIN] = ContentHandler::makeContent( $save['mainSlot'] ?? '', $title, $save['contentModel'] );
		}
		if ( $save['subjectSlot'] !== null ) {
			$contents[SlotRoleHook::ROLE] = new StrataJsonContent( $save['subjectSlot'], SlotRoleHook::MODEL );
		}
		return $contents;
	}

	/** `{pageId, revisionId, timestamp}`, or `{conflict}` when the page is not as the core read it. */
	private function saveOne( IDatabase $dbw, array $save ): array {
		$title = $this->title( $save );
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
		foreach ( $this->contents( $save, $title, $parent === null ) as $role => $content ) {
			$updater->setContent( $role, $content );
		}
		$flags = ( $parent === null ? EDIT_NEW : EDIT_UPDATE ) | EDIT_INTERNAL | $this->checks->botFlag();
		$revision = $updater->saveRevision( CommentStoreComment::newUnsavedComment( (string)$save['comment'] ), $flags );
		$status = $updater->getStatus();
		if ( !$status->isOK() ) {
			if ( $status->hasMessage( 'edit-conflict' ) || $status->hasMessage( 'edit-already-exists' ) ) {
				return [ 'conflict' => $parent === null ? 'title-exists' : 'edit-conflict' ];
			}
			throw new \RuntimeException( 'MediaWiki refused the save: ' . $status->getWikiText( false, false, 'en' ) );
		}
		if ( $revision !== null ) {
			$this->records->remember( $revision, $dbw );
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
		$refusal = $this->checks->permission( 'delete', Title::castFromPageIdentity( $page ) );
		if ( $refusal !== null ) {
			return [ 'ok' => false, 'refusal' => $refusal ];
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
