<?php
/**
 * Installs Strata's tables when update.php runs, for SQLite and MariaDB/MySQL (on any other database,
 * PostgreSQL included, it says so and leaves the wiki's update to go on): the index tables behind
 * Subject lists and lookups, the Subjects each revision changed, and the stores' states, runs and
 * pending markers. Each table declared in `sql/tables.json` that the database lacks is created with
 * its indexes, from the SQL `Schema\TableSql` renders for the database's type, and each declared
 * column a table made by an older Strata lacks is added.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DatabaseUpdater;
use MediaWiki\Extension\Strata\Schema\TableSql;

class SchemaUpdatesHook {
	public static function onLoadExtensionSchemaUpdates( DatabaseUpdater $updater ): void {
		$type = $updater->getDB()->getType();
		if ( !in_array( $type, TableSql::TYPES, true ) ) {
			// The wiki's own update goes on: Strata's tables are left out, and its routes answer with
			// database errors until the wiki runs on a database Strata supports (docs/mediawiki.md).
			$updater->output( "Strata: no tables for the $type database (Strata supports " . implode( ' and ', TableSql::TYPES )
				. "); Strata's tables were not created and the extension will not work on this wiki.\n" );
			return;
		}
		foreach ( TableSql::declared() as $name => $table ) {
			$updater->addExtensionUpdate( [ [ self::class, 'createTable' ], $name, TableSql::create( $table, $type ) ] );
			foreach ( $table['columns'] as $column ) {
				$updater->addExtensionUpdate( [ [ self::class, 'addColumn' ], $name, $column['name'], TableSql::addColumn( $table, $column['name'], $type ) ] );
			}
		}
	}

	/** Adds a declared column a table made before lacks (a wiki updated from an older Strata). */
	public static function addColumn( DatabaseUpdater $updater, string $table, string $column, string $sql ): void {
		if ( $updater->getDB()->fieldExists( $table, $column, __METHOD__ ) ) {
			return;
		}
		$updater->output( "Adding $column to the $table table..." );
		self::source( $updater, $sql );
		$updater->output( "done.\n" );
	}

	/** Creates a table the database lacks, as `addExtensionTable` does with a file of SQL. */
	public static function createTable( DatabaseUpdater $updater, string $name, string $sql ): void {
		$db = $updater->getDB();
		if ( $db->tableExists( $name, __METHOD__ ) ) {
			$updater->output( "...$name table already exists.\n" );
			return;
		}
		$updater->output( "Creating $name table..." );
		self::source( $updater, $sql );
		$updater->output( "done.\n" );
	}

	/** Runs $sql with MediaWiki's placeholders replaced, as `sourceFile` would. */
	private static function source( DatabaseUpdater $updater, string $sql ): void {
		$stream = fopen( 'php://memory', 'r+' );
		fwrite( $stream, $sql );
		rewind( $stream );
		try {
			$updater->getDB()->sourceStream( $stream, null, null, __METHOD__ );
		} finally {
			fclose( $stream );
		}
	}
}
