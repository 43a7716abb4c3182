<?php
/**
 * What the editor's boot script (resources/ext.strata.editor/boot.js) needs from the server, as the
 * ResourceLoader data file `config.json`: where the shared browser modules and the slim core module
 * are served (below `$wgExtensionAssetsPath`, the extension folder layout of docs/mediawiki.md),
 * Strata's REST base (below `$wgRestPath`) and the wiki's source keys for the core's checks.
 */

namespace MediaWiki\Extension\Strata\Editor;

use Config;
use MediaWiki\ResourceLoader\Context;

class EditorConfig {
	/** The REST API's routes below `$wgRestPath`. */
	private const REST_PREFIX = '/strata/v0';

	public static function forResourceLoader( Context $context, Config $config ): array {
		$assets = $config->get( 'ExtensionAssetsPath' ) . '/Strata/resources/lib';
		return [
			'editorModules' => "$assets/editor",
			'coreModule' => "$assets/strata-web",
			'rest' => $config->get( 'RestPath' ) . self::REST_PREFIX,
			'sourceKey' => $config->get( 'StrataSourceKey' ),
			'sources' => array_keys( $config->get( 'StrataSources' ) ),
		];
	}
}
