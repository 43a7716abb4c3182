<?php
/**
 * Installs Strata's tables when update.php runs, for SQLite and MariaDB/MySQL (on any other database,
 * PostgreSQL included, it says so and leaves the wiki's update to go on): the index tables behind
 * Subject lists and lookups, the Subjects each revision changed, and the stores' states, runs and
 * pending markers. Each table declared in `sql/tables.json` that the database lacks is created with
 * its indexes, from the SQL `Schema\TableSql` renders for the database's type; each declared column
 * and index a table made by an older Strata lacks is added, and a new Subject count table is filled
 * from the index.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use DatabaseUpdater;
use MediaWiki\Extension\Strata\Host\IndexTables;
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
			foreach ( $table['indexes'] ?? [] as $index ) {
				$updater->addExtensionUpdate( [ [ self::class, 'createIndex' ], $name, $index['name'], TableSql::index( $table, $index ) ] );
			}
		}
		$updater->addExtensionUpdate( [ [ self::class, 'fillSubjectCounts' ] ] );
	}

	/**
	 * Counts the Subjects of a wiki whose count table is new (empty while the index holds rows);
	 * from then on the index writes keep it.
	 */
	public static function fillSubjectCounts( DatabaseUpdater $updater ): void {
		$db = $updater->getDB();
		if ( $db->selectField( 'strata_subject_count', '1', [], __METHOD__ ) || !$db->selectField( 'strata_subject', '1', [], __METHOD__ ) ) {
			return;
		}
		$updater->output( 'Counting Subjects per Schema into strata_subject_count...' );
		IndexTables::recount( $db );
		$updater->output( "done.\n" );
	}

	/** Creates a declared index a table made before lacks, as `addExtensionIndex` does with a file of SQL. */
	public static function createIndex( DatabaseUpdater $updater, string $table, string $name, string $sql ): void {
		self::unless( $updater, $updater->getDB()->indexExists( $table, $name, __METHOD__ ), "Creating index $name on $table", $sql );
	}

	/** Adds a declared column a table made before lacks (a wiki updated from an older Strata). */
	public static function addColumn( DatabaseUpdater $updater, string $table, string $column, string $sql ): void {
		self::unless( $updater, $updater->getDB()->fieldExists( $table, $column, __METHOD__ ), "Adding $column to the $table table", $sql );
	}

	/** Runs $sql, saying $what, unless what it adds is $there already. */
	private static function unless( DatabaseUpdater $updater, bool $there, string $what, string $sql ): void {
		if ( $there ) {
			return;
		}
		$updater->output( "$what..." );
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
