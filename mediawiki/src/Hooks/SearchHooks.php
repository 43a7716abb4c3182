<?php
/**
 * MediaWiki's search sees a page's Subjects: their labels and text values, as the core's
 * `searchText` gives them (docs/mediawiki.md, "Search").
 *
 * - The database search (MediaWiki's default): 1.39 indexes a revision's main slot only, and nothing
 *   when the main slot is inherited (an edit of the Subjects alone). After each save of a revision
 *   with a Subject slot, PageSaveComplete queues a SearchUpdate of the main slot's search text and the
 *   Subjects' text; the hook runs after the save's own updates were queued, so this one runs after
 *   MediaWiki's and is the text the index keeps. An import (AfterImportPage) does the same.
 * - CirrusSearch (not tested here: no Elasticsearch): SearchIndexFields declares the text field
 *   `strata_subjects` and SearchDataForIndex fills it. The lines cannot go into `auxiliary_text`:
 *   the wikitext handler sets that field after the hook ran.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DeferredUpdates;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\RevisionRecord;
use MediaWiki\Revision\SlotRecord;
use SearchEngine;
use SearchIndexField;
use SearchUpdate;
use TextContent;
use Title;

class SearchHooks {
	public const FIELD = 'strata_subjects';

	public static function onPageSaveComplete( $wikiPage, $user, $summary, $flags, RevisionRecord $revision, $editResult ): void {
		self::queueUpdate( $revision );
	}

	/** Queues the search index's text of a revision with a Subject slot: its main slot's and its Subjects'. */
	public static function queueUpdate( RevisionRecord $revision ): void {
		$subjects = self::subjectText( $revision );
		if ( $subjects === null ) {
			return;
		}
		$main = $revision->getContent( SlotRecord::MAIN, RevisionRecord::RAW );
		$text = ( $main ? $main->getTextForSearchIndex() : '' ) . "\n" . $subjects;
		DeferredUpdates::addUpdate( new SearchUpdate( $revision->getPageId(), Title::castFromPageIdentity( $revision->getPage() ), new TextContent( $text ) ) );
	}

	public static function onSearchIndexFields( array &$fields, SearchEngine $engine ): void {
		$fields[self::FIELD] = $engine->makeSearchFieldMapping( self::FIELD, SearchIndexField::INDEX_TYPE_TEXT );
	}

	public static function onSearchDataForIndex( array &$fields, $handler, $page, $output, $engine ): void {
		$revision = $page->getRevisionRecord();
		$text = $revision ? self::subjectText( $revision ) : null;
		if ( $text === null || $text === '' ) {
			return;
		}
		$fields[self::FIELD] = $text;
	}

	/** The Subjects' search text of a revision, or null when it has no Subject slot or the core is not there. */
	private static function subjectText( RevisionRecord $revision ): ?string {
		if ( !$revision->hasSlot( SlotRoleHook::ROLE ) ) {
			return null;
		}
		$content = $revision->getContent( SlotRoleHook::ROLE, RevisionRecord::RAW );
		if ( !$content ) {
			return null;
		}
		try {
			$options = [ 'sourceKey' => MediaWikiServices::getInstance()->getMainConfig()->get( 'StrataSourceKey' ) ];
			return CoreGateway::core()->searchText( $content->serialize(), json_encode( $options ) );
		} catch ( \Throwable $e ) {
			LoggerFactory::getInstance( 'Strata' )->warning( "no search text for revision {$revision->getId()}: " . $e->getMessage() );
			return null;
		}
	}
}
