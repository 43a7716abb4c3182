<?php
/**
 * A generation: a random token per name in a shared cache (MediaWiki's local cluster cache unless a
 * caller names another), part of the keys of values derived from something that changes rarely (the
 * wiki's configuration page, the core's words, the Subject index), and replaced when that thing
 * changes, so the next read builds the value again. Decision: not a WAN check key, whose purge
 * time has whole seconds (a value read in the same second just before a change could still be served
 * just after it) and which, missing after a restart or an eviction, counts as touched just then:
 * every read rebuilds its value for the next 11 seconds.
 */

namespace MediaWiki\Extension\Strata\Host;

use BagOStuff;
use ObjectCache;

class CacheGeneration {
	/** The current generation of $name; a new one when the cache has none (evicted, restarted). */
	public static function of( string $name, ?BagOStuff $stash = null ): string {
		$stash ??= ObjectCache::getLocalClusterInstance();
		$key = $stash->makeKey( 'strata-generation', $name );
		$generation = $stash->get( $key );
		if ( !is_string( $generation ) ) {
			$generation = self::make();
			// Another request may have made one first: theirs is kept.
			$stash->add( $key, $generation, $stash::TTL_WEEK );
			$generation = $stash->get( $key ) ?: $generation;
		}
		return $generation;
	}

	/**
	 * Replaces the generation of $name: values kept under the old one are no longer found. False
	 * when the cache did not take it.
	 */
	public static function renew( string $name, ?BagOStuff $stash = null ): bool {
		$stash ??= ObjectCache::getLocalClusterInstance();
		return $stash->set( $stash->makeKey( 'strata-generation', $name ), self::make(), $stash::TTL_WEEK );
	}

	private static function make(): string {
		return bin2hex( random_bytes( 8 ) );
	}
}
