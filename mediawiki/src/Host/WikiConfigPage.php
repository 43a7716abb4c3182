<?php
/**
 * The wiki-side configuration page `MediaWiki:Strata.json`: a JSON object whose keys override the
 * operator's `$wgStrata...` settings, as the reference host's page of the same name does
 * (host-shim/platform/config/wiki-page.js). The keys are the reference host's: `enforceValidation`
 * (a boolean). A save that sets an unknown key, a key of the wrong type or is no JSON object is
 * refused (`strata-invalid-config`); a stored text that does not parse (saved before this check) is
 * ignored with a warning in the `Strata` log, and the operator's settings apply. The page's text comes
 * from MediaWiki's message cache (below), so an edit takes effect at once. Editing it
 * needs MediaWiki's `editsitejson` right, as every site JSON page does (sysops and interface
 * administrators by default).
 */

namespace MediaWiki\Extension\Strata\Host;

use Content;
use IContextSource;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\SlotRecord;
use Status;
use TextContent;
use Title;

class WikiConfigPage {
	public const TITLE = 'Strata.json';
	/** The keys the page may set, each with PHP's name of its type. */
	private const KEYS = [ 'enforceValidation' => 'boolean' ];

	/**
	 * The overrides the page's latest text sets; none without the page. The text comes from
	 * MediaWiki's message cache, which holds every page of the MediaWiki namespace (and that one is
	 * absent) and is refreshed by every edit, deletion, undeletion, move and import of one, so a
	 * request no longer asks the database whether the page exists (issue 31). A wiki that turned the
	 * message cache off (`$wgUseDatabaseMessages = false`) reads the page's latest revision.
	 */
	public static function overrides(): array {
		$services = MediaWikiServices::getInstance();
		$messages = $services->getMessageCache();
		if ( $messages->isDisabled() ) {
			$revisionId = Title::makeTitle( NS_MEDIAWIKI, self::TITLE )->getLatestRevID();
			$text = $revisionId ? self::text( $revisionId ) : false;
		} else {
			$text = $messages->getMsgFromNamespace( self::TITLE, $services->getContentLanguage()->getCode() );
		}
		if ( $text === false ) {
			return [];
		}
		$cache = $services->getMainWANObjectCache();
		return $cache->getWithSetCallback(
			$cache->makeKey( 'strata-wiki-config', md5( $text ) ),
			$cache::TTL_DAY,
			static fn () => self::read( $text )
		);
	}

	/** The main slot's text of a revision of the page; false when it has none. */
	private static function text( int $revisionId ): string|false {
		$revision = MediaWikiServices::getInstance()->getRevisionLookup()->getRevisionById( $revisionId );
		$content = $revision ? $revision->getContent( SlotRecord::MAIN ) : null;
		return $content instanceof TextContent ? $content->getText() : false;
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
