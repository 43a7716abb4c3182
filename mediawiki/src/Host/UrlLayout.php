<?php
/**
 * MediaWiki's URL layout as the core takes it (its settings' `urls`, and the `links` of every render
 * request): `$wgArticlePath`, `$wgScript` and `$wgRestPath`, so every link the core draws and every
 * redirect it answers works under `/w/`, at the root or wherever the operator put the wiki.
 */

namespace MediaWiki\Extension\Strata\Host;

use Config;
use SpecialPage;

class UrlLayout {
	/** `{page, script, rest}`: paths below the server. */
	public static function of( Config $config ): array {
		return [
			'page' => $config->get( 'ArticlePath' ),
			'script' => $config->get( 'Script' ),
			'rest' => $config->get( 'RestPath' ),
		];
	}

	/** The layout with the links of this host's own pages: the Subject list filtered by a Schema. */
	public static function renderLinks( Config $config ): array {
		return self::of( $config ) + [
			'schemaSubjects' => SpecialPage::getTitleFor( 'Subjects' )->getLocalURL( 'schema=$1' ),
		];
	}
}
