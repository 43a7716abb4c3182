<?php
/**
 * A Layout created, moved to another Schema or deleted changes how the pages with Subjects of its
 * Schema are drawn, although those pages did not use the Layout page (a page drawn with the default
 * infobox registered no Layout as its template). Every page drawn with Subjects of a Schema has that
 * Schema page as a template (PageRendering), so a save or deletion of a Layout page refreshes the
 * pages using its Schema page, as MediaWiki refreshes the pages using an edited template: an
 * HTMLCacheUpdate job (page_touched, so the parser cache is stale) and a recursive refreshLinks job
 * (the new Layout becomes a template of each page, so later edits of it refresh them directly). An
 * undeletion restores a Layout as a creation does.
 */

namespace MediaWiki\Extension\Strata\View;

use HTMLCacheUpdateJob;
use MediaWiki\Deferred\LinksUpdate\LinksUpdate;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\RevisionRecord;
use MediaWiki\Revision\SlotRecord;
use Title;

class LayoutChangeHooks {
	public static function onPageSaveComplete( $wikiPage, $user, $summary, $flags, RevisionRecord $revision, $editResult ): void {
		// A Layout lives only in its namespace (its model's canBeUsedOn keeps moves and model changes
		// out), so any other save is left before its parent revision is read: this hook runs inside
		// the save's second transaction, which on SQLite holds the write lock.
		if ( $wikiPage->getNamespace() !== NS_STRATA_LAYOUT ) {
			return;
		}
		$schemas = [ self::schemaOf( $revision ) ];
		$parent = $revision->getParentId()
			? MediaWikiServices::getInstance()->getRevisionLookup()->getRevisionById( $revision->getParentId() )
			: null;
		if ( $parent ) {
			$schemas[] = self::schemaOf( $parent );
		}
		self::refreshUsersOf( $schemas, $user->getName() );
	}

	public static function onPageDeleteComplete( $page, $deleter, $reason, $pageId, RevisionRecord $deleted, $logEntry, $count ): void {
		self::refreshUsersOf( [ self::schemaOf( $deleted ) ], $deleter->getUser()->getName() );
	}

	public static function onArticleUndelete( Title $title, $created, $comment, $oldPageId, $restoredPages ): void {
		$revision = MediaWikiServices::getInstance()->getRevisionLookup()->getRevisionByTitle( $title );
		if ( $revision ) {
			self::refreshUsersOf( [ self::schemaOf( $revision ) ], 'undelete' );
		}
	}

	/** The Schema a Layout revision is for; null for any other page or an unreadable Layout. */
	private static function schemaOf( RevisionRecord $revision ): ?string {
		$content = $revision->getContent( SlotRecord::MAIN, RevisionRecord::RAW );
		if ( !$content || $content->getModel() !== 'strata-layout' ) {
			return null;
		}
		$layout = json_decode( $content->serialize(), true );
		return is_array( $layout ) && is_string( $layout['schema'] ?? null ) ? $layout['schema'] : null;
	}

	/** @param (string|null)[] $schemas */
	private static function refreshUsersOf( array $schemas, string $agent ): void {
		$services = MediaWikiServices::getInstance();
		foreach ( array_unique( array_filter( $schemas ) ) as $name ) {
			$schema = Title::makeTitleSafe( NS_STRATA_SCHEMA, $name );
			if ( !$schema ) {
				continue;
			}
			$cause = [ 'causeAction' => 'strata-layout-change', 'causeAgent' => $agent ];
			$services->getJobQueueGroup()->lazyPush( HTMLCacheUpdateJob::newForBacklinks( $schema, 'templatelinks', $cause ) );
			LinksUpdate::queueRecursiveJobsForTable( $schema, 'templatelinks', 'strata-layout-change', $agent,
				$services->getBacklinkCacheFactory()->getBacklinkCache( $schema ) );
		}
	}
}
