<?php
/**
 * The wiki-side configuration page `MediaWiki:Strata.json`: a JSON object whose keys override the
 * operator's `$wgStrata...` settings, as the reference host's page of the same name does
 * (host-shim/platform/config/wiki-page.js). The keys are the reference host's: `enforceValidation`
 * (a boolean). A save that sets an unknown key, a key of the wrong type or is no JSON object is
 * refused (`strata-invalid-config`); a stored text that does not parse (saved before this check) is
 * ignored with a warning in the `Strata` log, and the operator's settings apply. The page's text is
 * kept in the WAN cache under a generation that every change of the page replaces, so an edit takes
 * effect at once. Editing it
 * needs MediaWiki's `editsitejson` right, as every site JSON page does (sysops and interface
 * administrators by default).
 */

namespace MediaWiki\Extension\Strata\Host;

use Content;
use DeferredUpdates;
use IContextSource;
use MediaWiki\Linker\LinkTarget;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageReference;
use MediaWiki\Revision\SlotRecord;
use Status;
use TextContent;
use Title;

class WikiConfigPage {
	public const TITLE = 'Strata.json';
	/** The keys the page may set, each with PHP's name of its type. */
	private const KEYS = [ 'enforceValidation' => 'boolean' ];

	/**
	 * The overrides the page's latest text sets; none without the page. Its text (or that it is
	 * absent) is kept in the WAN cache under the page's generation, a random token that every
	 * change of the page replaces once the change is committed (`changed`, below), so a request no
	 * longer asks the database whether the page exists: MediaWiki's own caches keep no absent page
	 * (issue 31; `CacheGeneration` says why not a WAN check key).
	 */
	public static function overrides(): array {
		$cache = MediaWikiServices::getInstance()->getMainWANObjectCache();
		$text = $cache->getWithSetCallback(
			$cache->makeKey( 'strata-wiki-config-text', 'v2', CacheGeneration::of( self::GENERATION ) ),
			$cache::TTL_DAY,
			static fn () => [ 'text' => self::latestText() ],
			PageRecords::NEVER_REFRESHED
		)['text'];
		if ( $text === null ) {
			return [];
		}
		return $cache->getWithSetCallback(
			$cache->makeKey( 'strata-wiki-config', md5( $text ) ),
			$cache::TTL_DAY,
			static fn () => self::read( $text ),
			PageRecords::NEVER_REFRESHED
		);
	}

	private const GENERATION = 'wiki-config';

	/**
	 * When $title is the page: a new generation once the change is committed (a deferred update
	 * before the response), so a read that saw the old text keeps it under the old generation and
	 * the client's next request reads the new. The hooks of every way a page changes call it:
	 * save, deletion, undeletion, either side of a move (while the move commits), import.
	 */
	private static function changed( LinkTarget|PageReference $title ): void {
		if ( $title->getNamespace() === NS_MEDIAWIKI && $title->getDBkey() === self::TITLE ) {
			DeferredUpdates::addCallableUpdate( static fn () => CacheGeneration::renew( self::GENERATION ), DeferredUpdates::PRESEND );
		}
	}

	public static function onPageSaveComplete( $wikiPage, $user, $summary, $flags, $revision, $editResult ): void {
		self::changed( $wikiPage->getTitle() );
	}

	public static function onPageDeleteComplete( $page, $deleter, $reason, $pageId, $deleted, $logEntry, $count ): void {
		self::changed( $page );
	}

	public static function onArticleUndelete( $title, $created, $comment, $oldPageId, $restoredPages ): void {
		self::changed( $title );
	}

	/** PageMoveCompleting, not PageMoveComplete: that one runs after the response is sent. */
	public static function onPageMoveCompleting( $old, $new, $user, $pageid, $redirid, $reason, $revision ): void {
		self::changed( $old );
		self::changed( $new );
	}

	public static function onAfterImportPage( $title, $foreignTitle, $revCount, $sRevCount, $pageInfo ): void {
		self::changed( $title );
	}

	/** The main slot's text of the page's latest revision; null without the page. */
	private static function latestText(): ?string {
		$revision = MediaWikiServices::getInstance()->getRevisionLookup()
			->getRevisionByTitle( Title::makeTitle( NS_MEDIAWIKI, self::TITLE ) );
		$content = $revision ? $revision->getContent( SlotRecord::MAIN ) : null;
		return $content instanceof TextContent ? $content->getText() : null;
	}

	/** The overrides of a page text, its problems logged (once per text: the caller caches the answer). */
	private static function read( string $text ): array {
		[ $overrides, $problems ] = self::parse( $text );
		foreach ( $problems as $problem ) {
			LoggerFactory::getInstance( 'Strata' )->warning( '{problem}; ignored', [ 'problem' => $problem ] );
		}
		return $overrides;
	}

	/**
	 * EditFilterMergedContent: a save of the page whose text sets anything but the known keys with
	 * their types is refused (`strata-invalid-config`), as on the reference host.
	 */
	public static function onEditFilterMergedContent( IContextSource $context, Content $content, Status $status, $summary, $user, $minor ) {
		$title = $context->getTitle();
		if ( !$title || $title->getNamespace() !== NS_MEDIAWIKI || $title->getText() !== self::TITLE || !$content instanceof TextContent ) {
			return true;
		}
		[ , $problems ] = self::parse( $content->getText() );
		foreach ( $problems as $problem ) {
			$status->fatal( 'strata-invalid-config', $problem );
		}
		return $problems === [];
	}

	/** `[overrides, problems]` of a page text: the keys it sets well, and a sentence per key it does not. */
	private static function parse( string $text ): array {
		$value = json_decode( $text, true );
		if ( !is_array( $value ) || array_is_list( $value ) && $value !== [] ) {
			return [ [], [ 'MediaWiki:' . self::TITLE . ' must hold a JSON object' ] ];
		}
		$overrides = [];
		$problems = [];
		foreach ( $value as $key => $item ) {
			if ( !isset( self::KEYS[$key] ) ) {
				$problems[] = 'MediaWiki:' . self::TITLE . ": unknown key \"$key\"";
			} elseif ( gettype( $item ) !== self::KEYS[$key] ) {
				$problems[] = 'MediaWiki:' . self::TITLE . ": key \"$key\" must be " . self::KEYS[$key];
			} else {
				$overrides[$key] = $item;
			}
		}
		return [ $overrides, $problems ];
	}
}
