<?php
/**
 * Strata's tables for each database MediaWiki runs on, made from one declaration: `sql/tables.json`,
 * in MediaWiki's abstract schema format (the format of core's `maintenance/tables.json`). MediaWiki
 * 1.39 turns that format into SQL with Doctrine DBAL at development time, which Debian's MediaWiki
 * does not ship; this class renders the few column types Strata uses for MySQL/MariaDB and SQLite.
 * The SQL keeps MediaWiki's placeholders (`/*_*\/` for the table prefix, `/*$wgDBTableOptions*\/`),
 * which the database's `sourceStream` replaces.
 */

namespace MediaWiki\Extension\Strata\Schema;

class TableSql {
	public const DECLARATION = __DIR__ . '/../../sql/tables.json';
	/** The database types this class renders tables for. */
	public const TYPES = [ 'mysql', 'sqlite' ];

	/** Every declared table: name to its declaration. */
	public static function declared(): array {
		$tables = json_decode( file_get_contents( self::DECLARATION ), true, 512, JSON_THROW_ON_ERROR );
		return array_column( $tables, null, 'name' );
	}

	/** The statements that create `$table` and its indexes on `$dbType` (`mysql` or `sqlite`). */
	public static function create( array $table, string $dbType ): string {
		if ( !in_array( $dbType, self::TYPES, true ) ) {
			throw new \RuntimeException( "Strata has no tables for database type $dbType" );
		}
		$pk = $table['pk'] ?? [];
		$lines = array_map( static fn ( $c ) => '  ' . self::column( $c, $dbType, $pk ), $table['columns'] );
		if ( count( $pk ) > 1 ) {
			$lines[] = '  PRIMARY KEY (' . implode( ', ', $pk ) . ')';
		}
		$options = $dbType === 'mysql' ? ' /*$wgDBTableOptions*/' : '';
		$sql = "-- {$table['comment']}\nCREATE TABLE /*_*/{$table['name']} (\n" . implode( ",\n", $lines ) . "\n)$options;\n";
		foreach ( $table['indexes'] ?? [] as $index ) {
			$sql .= self::index( $table, $index );
		}
		return $sql;
	}

	/** The statement that creates the declared `$index` of `$table` (the same in both dialects). */
	public static function index( array $table, array $index ): string {
		$unique = empty( $index['unique'] ) ? '' : 'UNIQUE ';
		return "CREATE {$unique}INDEX {$index['name']} ON /*_*/{$table['name']} (" . implode( ', ', $index['columns'] ) . ");\n";
	}

	/**
	 * The statement that adds column `$name` of `$table` to a table made before the column was
	 * declared (a nullable column, or one with a default: both dialects add it to the rows there are).
	 */
	public static function addColumn( array $table, string $name, string $dbType ): string {
		$column = array_column( $table['columns'], null, 'name' )[$name] ?? throw new \RuntimeException( "{$table['name']} declares no column $name" );
		if ( !in_array( $dbType, self::TYPES, true ) ) {
			throw new \RuntimeException( "Strata has no tables for database type $dbType" );
		}
		return "ALTER TABLE /*_*/{$table['name']} ADD COLUMN " . self::column( $column, $dbType, $table['pk'] ?? [] ) . ";\n";
	}

	/** One column: its type in the dialect, NULL or NOT NULL, its default, and a one-column key. */
	private static function column( array $column, string $dbType, array $pk ): string {
		$options = $column['options'] ?? [];
		$type = self::type( $column['type'], $options, $dbType );
		$isKey = $pk === [ $column['name'] ];
		if ( !empty( $options['autoincrement'] ) ) {
			return $dbType === 'mysql'
				? "{$column['name']} $type NOT NULL PRIMARY KEY AUTO_INCREMENT"
				: "{$column['name']} INTEGER PRIMARY KEY AUTOINCREMENT";
		}
		$sql = "{$column['name']} $type " . ( empty( $options['notnull'] ) ? 'NULL' : 'NOT NULL' );
		if ( array_key_exists( 'default', $options ) ) {
			$sql .= ' DEFAULT ' . (int)$options['default'];
		}
		return $isKey ? "$sql PRIMARY KEY" : $sql;
	}

	private static function type( string $type, array $options, string $dbType ): string {
		$sqlite = [ 'binary' => 'BLOB', 'blob' => 'BLOB', 'integer' => 'INTEGER', 'mwtinyint' => 'INTEGER', 'mwtimestamp' => 'BLOB' ];
		if ( $dbType === 'sqlite' ) {
			return $sqlite[$type] ?? throw new \RuntimeException( "Strata's tables use no column type $type" );
		}
		return match ( $type ) {
			'binary' => 'VARBINARY(' . (int)$options['length'] . ')',
			'blob' => 'BLOB',
			'integer' => empty( $options['unsigned'] ) ? 'INT' : 'INT UNSIGNED',
			'mwtinyint' => 'TINYINT',
			'mwtimestamp' => 'BINARY(14)',
			default => throw new \RuntimeException( "Strata's tables use no column type $type" ),
		};
	}
}
