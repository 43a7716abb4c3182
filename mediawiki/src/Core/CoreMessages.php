<?php
/**
 * The core's words in a reader's language: the keys of the core's message table (`messageTable`),
 * which live in this extension's i18n/en.json and qqq.json like its own messages, translated by
 * MediaWiki's i18n and handed to the core's renderers as the request's `messages` (docs/i18n.md).
 * `uselang=qqx` gives the keys, as for every MediaWiki message. A text is handed over unexpanded
 * (`plain`): the core puts in the `$1` parameters.
 *
 * Formatting the table takes about 1.7 ms (a message lookup per key), which every page view, every
 * save's drawing of the page for the parser cache and every Data tab paid (issue 31). The table of
 * each language is kept in the WAN cache under the module file (whose table names the keys) and a
 * generation (`CacheGeneration`), replaced when MediaWiki replaces one of this extension's messages
 * (an edit, deletion or undeletion of a `MediaWiki:Strata-…` page: `MessageCacheReplace`) or reads
 * a language's messages again from the i18n files (`LocalisationCacheRecache`, after a deployment).
 */

namespace MediaWiki\Extension\Strata\Core;

use Language;
use MediaWiki\Extension\Strata\Host\CacheGeneration;
use MediaWiki\Extension\Strata\Host\PageRecords;
use MediaWiki\MediaWikiServices;

class CoreMessages {
	/** The violation messages are the editor's (ResourceLoader), never the renderers'. */
	private const EDITOR_ONLY = 'strata-violation-';
	/** Every key of this extension's messages, as MediaWiki's message cache names its pages (first letter upper-cased). */
	private const PREFIX = 'strata-';
	/** The generation of the kept tables (`CacheGeneration`), replaced when a message changes. */
	private const GENERATION = 'core-messages';

	/** @return array<string,string> the texts of the core's renderers by key, in $language */
	public static function texts( Language $language ): array {
		$cache = MediaWikiServices::getInstance()->getMainWANObjectCache();
		return $cache->getWithSetCallback(
			$cache->makeKey( 'strata-core-messages', $language->getCode(), self::moduleIdentity(), CacheGeneration::of( self::GENERATION ) ),
			$cache::TTL_WEEK,
			static fn () => self::format( $language ),
			PageRecords::NEVER_REFRESHED
		);
	}

	/**
	 * The module file as it is (its path, size and modification time): its message table's keys
	 * are the table's, so a kept table is found without asking the core for them.
	 */
	private static function moduleIdentity(): string {
		$file = CoreGateway::moduleFile();
		$stat = @stat( $file );
		return md5( $file . ':' . ( $stat ? $stat['size'] . ':' . $stat['mtime'] : '' ) );
	}

	/** @return array<string,string> */
	private static function format( Language $language ): array {
		$texts = [];
		foreach ( self::keys() as $key ) {
			$texts[$key] = wfMessage( $key )->inLanguage( $language )->plain();
		}
		return $texts;
	}

	/** `MediaWiki:$title` was saved, deleted or undeleted ($title: `Strata-yes`, `Strata-yes/de`, ...). */
	public static function onMessageCacheReplace( $title, $text ): void {
		if ( str_starts_with( lcfirst( (string)$title ), self::PREFIX ) ) {
			CacheGeneration::renew( self::GENERATION );
		}
	}

	/** A language's messages were read again from the i18n files. */
	public static function onLocalisationCacheRecache( $cache, $code, &$allData, $unused ): void {
		CacheGeneration::renew( self::GENERATION );
	}

	/** @return string[] */
	private static function keys(): array {
		return array_values( array_filter(
			array_keys( CoreGateway::core()->messageTable() ),
			static fn ( string $key ) => !str_starts_with( $key, self::EDITOR_ONLY )
		) );
	}
}
