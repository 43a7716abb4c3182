<?php
/**
 * The core's words in a reader's language: the keys of the core's message table (`messageTable`),
 * which live in this extension's i18n/en.json and qqq.json like its own messages, translated by
 * MediaWiki's i18n and handed to the core's renderers as the request's `messages` (docs/i18n.md).
 * `uselang=qqx` gives the keys, as for every MediaWiki message. A text is handed over unexpanded
 * (`plain`): the core puts in the `$1` parameters.
 */

namespace MediaWiki\Extension\Strata\Core;

use Language;

class CoreMessages {
	/** The violation messages are the editor's (ResourceLoader), never the renderers'. */
	private const EDITOR_ONLY = 'strata-violation-';

	/** @var string[]|null the keys of the core's renderers, read once per process */
	private static ?array $keys = null;

	/** @return array<string,string> the texts of the core's renderers by key, in $language */
	public static function texts( Language $language ): array {
		$texts = [];
		foreach ( self::keys() as $key ) {
			$texts[$key] = wfMessage( $key )->inLanguage( $language )->plain();
		}
		return $texts;
	}

	/** @return string[] */
	private static function keys(): array {
		return self::$keys ??= array_values( array_filter(
			array_keys( CoreGateway::core()->messageTable() ),
			static fn ( string $key ) => !str_starts_with( $key, self::EDITOR_ONLY )
		) );
	}
}
