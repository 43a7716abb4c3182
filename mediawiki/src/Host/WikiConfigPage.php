<?php
/**
 * The wiki-side configuration page `MediaWiki:Strata.json`: a JSON object whose keys override the
 * operator's `$wgStrata...` settings, as the reference host's page of the same name does
 * (host-shim/platform/config/wiki-page.js). The keys are the reference host's: `enforceValidation`
 * (a boolean). A save that sets an unknown key, a key of the wrong type or is no JSON object is
 * refused (`strata-invalid-config`); a stored text that does not parse (saved before this check) is
 * ignored with a warning in the `Strata` log, and the operator's settings apply. The page is read once per
 * revision (the main WAN cache, keyed by revision ID), so an edit takes effect at once. Editing it
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

	/** The overrides the page's latest revision sets; none without the page. */
	public static function overrides(): array {
		$revisionId = Title::makeTitle( NS_MEDIAWIKI, self::TITLE )->getLatestRevID();
		if ( !$revisionId ) {
			return [];
		}
		$cache = MediaWikiServices::getInstance()->getMainWANObjectCache();
		return $cache->getWithSetCallback(
			$cache->makeKey( 'strata-wiki-config', $revisionId ),
			$cache::TTL_DAY,
			static fn () => self::read( $revisionId )
		);
	}

	private static function read( int $revisionId ): array {
		$revision = MediaWikiServices::getInstance()->getRevisionLookup()->getRevisionById( $revisionId );
		$content = $revision ? $revision->getContent( SlotRecord::MAIN ) : null;
		[ $overrides, $problems ] = self::parse( $content instanceof TextContent ? $content->getText() : '' );
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
