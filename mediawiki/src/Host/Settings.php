<?php
/**
 * The `config` Host operation: the core's Settings from the `$wgStrata...` settings and MediaWiki's
 * own (`$wgRateLimits['strata-query']`, `$wgCanonicalServer`, the URL layout) and the wiki-side configuration page (`WikiConfigPage`); `stores` names each store of
 * `$wgStrataStores` with its type and projection. Keys left null take the core's defaults.
 */

namespace MediaWiki\Extension\Strata\Host;

use Config;
use MediaWiki\Extension\Strata\Stores\StoreConfig;

class Settings {
	public static function of( Config $config ): array {
		$settings = [
			'sourceKey' => $config->get( 'StrataSourceKey' ),
			'titling' => $config->get( 'StrataTitling' ),
			'enforceValidation' => WikiConfigPage::overrides()['enforceValidation'] ?? (bool)$config->get( 'StrataEnforceValidation' ),
			'rdfBaseUri' => $config->get( 'StrataRdfBaseUri' ) ?? $config->get( 'CanonicalServer' ),
			'dereferenceToDataTab' => (bool)$config->get( 'StrataDereferenceSubjectsToDataTab' ),
			'queryLimits' => $config->get( 'StrataQueryLimits' ),
			'rateLimits' => self::rateLimits( $config->get( 'RateLimits' ) ),
			'searchTimeoutMs' => $config->get( 'StrataSearchTimeoutMs' ),
			'stores' => ( new StoreConfig( $config->get( 'StrataStores' ) ) )->forCore(),
			'sources' => self::sources( $config->get( 'StrataSources' ) ),
			'urls' => UrlLayout::of( $config ),
		];
		return array_filter( $settings, static fn ( $value ) => $value !== null );
	}

	/** `$wgStrataSources` as the core sees it: credentials (`botUser`, `botPassword`) stay here. */
	private static function sources( array $sources ): object {
		$out = [];
		foreach ( $sources as $key => $source ) {
			unset( $source['botUser'], $source['botPassword'] );
			$out[$key] = $source;
		}
		return (object)$out;
	}

	/** `$wgRateLimits` entries (`[count, seconds]` per kind) in the core's `{count, seconds}` form. */
	private static function rateLimits( array $limits ): ?array {
		$out = [];
		foreach ( $limits as $action => $kinds ) {
			if ( !str_starts_with( (string)$action, 'strata-' ) ) {
				continue;
			}
			foreach ( $kinds as $kind => [ $count, $seconds ] ) {
				$out[$action][$kind] = [ 'count' => (int)$count, 'seconds' => (int)$seconds ];
			}
		}
		return $out === [] ? null : $out;
	}
}
