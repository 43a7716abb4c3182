<?php
/**
 * The `config` Host operation: the core's Settings from the `$wgStrata...` settings and MediaWiki's
 * own (`$wgRateLimits['strata-query']`, `$wgCanonicalServer`). Keys left null take the core's defaults.
 */

namespace MediaWiki\Extension\Strata\Host;

use Config;

class Settings {
	public static function of( Config $config ): array {
		$settings = [
			'sourceKey' => $config->get( 'StrataSourceKey' ),
			'titling' => $config->get( 'StrataTitling' ),
			'enforceValidation' => (bool)$config->get( 'StrataEnforceValidation' ),
			'rdfBaseUri' => $config->get( 'StrataRdfBaseUri' ) ?? $config->get( 'CanonicalServer' ),
			'dereferenceToDataTab' => (bool)$config->get( 'StrataDereferenceSubjectsToDataTab' ),
			'queryLimits' => $config->get( 'StrataQueryLimits' ),
			'rateLimits' => self::rateLimits( $config->get( 'RateLimits' ) ),
			'searchTimeoutMs' => $config->get( 'StrataSearchTimeoutMs' ),
			// The store clients of the MediaWiki host are not written yet (docs/mediawiki.md): until
			// they are, no store is announced to the core, so nothing is projected or queried.
			'stores' => (object)[],
			'sources' => self::sources( $config->get( 'StrataSources' ) ),
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
