<?php
/**
 * Registration-time setup of the Strata extension: MediaWiki's REST router learns the core's routes
 * from rest-routes.json (generated from the core's route table and checked by
 * tests/mediawiki_routes.rs), so every /rest.php/strata/v0/... path reaches the forwarding handler.
 */

namespace MediaWiki\Extension\Strata;

class Setup {
	public static function onRegistration(): void {
		$GLOBALS['wgRestAPIAdditionalRouteFiles'][] = dirname( __DIR__ ) . '/rest-routes.json';
	}
}
