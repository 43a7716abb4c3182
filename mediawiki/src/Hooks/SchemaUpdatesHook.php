<?php
/**
 * Installs the index tables behind Subject lists and lookups (`sql/<dbtype>/tables.sql`) when
 * update.php runs, for SQLite and MariaDB/MySQL.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DatabaseUpdater;

class SchemaUpdatesHook {
	public static function onLoadExtensionSchemaUpdates( DatabaseUpdater $updater ): void {
		$type = $updater->getDB()->getType();
		$file = dirname( __DIR__, 2 ) . "/sql/$type/tables.sql";
		if ( !is_file( $file ) ) {
			throw new \RuntimeException( "Strata has no tables for database type $type" );
		}
		$updater->addExtensionTable( 'strata_subject', $file );
	}
}
