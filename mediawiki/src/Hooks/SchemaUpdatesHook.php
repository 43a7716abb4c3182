<?php
/**
 * Installs the index tables behind Subject lists and lookups (`sql/<dbtype>/tables.sql`) and the
 * Subjects each revision changed (`sql/<dbtype>/revision_subject.sql`) and the stores' states, runs
 * and pending markers (`sql/<dbtype>/stores.sql`) when update.php runs, for SQLite and MariaDB/MySQL.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DatabaseUpdater;

class SchemaUpdatesHook {
	public static function onLoadExtensionSchemaUpdates( DatabaseUpdater $updater ): void {
		$type = $updater->getDB()->getType();
		$folder = dirname( __DIR__, 2 ) . "/sql/$type";
		if ( !is_dir( $folder ) ) {
			throw new \RuntimeException( "Strata has no tables for database type $type" );
		}
		$updater->addExtensionTable( 'strata_subject', "$folder/tables.sql" );
		$updater->addExtensionTable( 'strata_revision_subject', "$folder/revision_subject.sql" );
		$updater->addExtensionTable( 'strata_store_state', "$folder/stores.sql" );
	}
}
