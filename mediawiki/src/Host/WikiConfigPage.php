<?php
/**
 * The wiki-side configuration page `MediaWiki:Strata.json`: a JSON object whose keys override the
 * operator's `$wgStrata...` settings, as the reference host's page of the same name does
 * (host-shim/platform/config/wiki-page.js). The keys are the reference host's: `enforceValidation`
 * (a boolean). A key of the wrong type, an unknown key or a text that is no JSON object is ignored
 * with a warning in the `Strata` log, and the operator's settings apply. The page is read once per
 * revision (the main WAN cache, keyed by revision ID), so an edit takes effect at once. Editing it
 * needs MediaWiki's `editsitejson` right, as every site JSON page does (interface administrators).
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\SlotRecord;
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
		$value = $content instanceof TextContent ? json_decode( $content->getText(), true ) : null;
		$log = LoggerFactory::getInstance( 'Strata' );
		if ( !is_array( $value ) || array_is_list( $value ) && $value !== [] ) {
			$log->warning( 'MediaWiki:{title} must hold a JSON object; the configuration file\'s values apply', [ 'title' => self::TITLE ] );
			return [];
		}
		$overrides = [];
		foreach ( $value as $key => $item ) {
			if ( !isset( self::KEYS[$key] ) || gettype( $item ) !== self::KEYS[$key] ) {
				$log->warning( 'MediaWiki:{title}: key "{key}" is unknown or not a {type}; ignored', [ 'title' => self::TITLE, 'key' => $key, 'type' => self::KEYS[$key] ?? 'known key' ] );
				continue;
			}
			$overrides[$key] = $item;
		}
		return $overrides;
	}
}
