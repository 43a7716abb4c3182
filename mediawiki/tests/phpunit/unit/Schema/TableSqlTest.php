<?php
/**
 * `Schema\TableSql`: every table of `sql/tables.json` rendered for SQLite runs in SQLite and gives
 * the declared columns, keys and indexes; a column or an index declared later is added to a table
 * made before; the MySQL dialect's column kinds; refusals of what it cannot render.
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Schema;

use MediaWiki\Extension\Strata\Schema\TableSql;
use PDO;
use PHPUnit\Framework\TestCase;

class TableSqlTest extends TestCase {
	private const EXAMPLE = [
		'name' => 'strata_example',
		'comment' => 'An example table.',
		'pk' => [ 'ex_page', 'ex_id' ],
		'columns' => [
			[ 'name' => 'ex_page', 'type' => 'integer', 'options' => [ 'notnull' => true, 'unsigned' => true ] ],
			[ 'name' => 'ex_id', 'type' => 'binary', 'options' => [ 'notnull' => true, 'length' => 32 ] ],
			[ 'name' => 'ex_note', 'type' => 'blob', 'options' => [ 'notnull' => false, 'length' => 65535 ] ],
			[ 'name' => 'ex_main', 'type' => 'mwtinyint', 'options' => [ 'notnull' => true, 'default' => 0 ] ],
			[ 'name' => 'ex_touched', 'type' => 'mwtimestamp', 'options' => [ 'notnull' => true ] ],
		],
		'indexes' => [
			[ 'name' => 'ex_by_id', 'columns' => [ 'ex_id' ], 'unique' => true ],
			[ 'name' => 'ex_by_touched', 'columns' => [ 'ex_touched', 'ex_id' ] ],
		],
	];

	public function testEveryDeclaredTableIsCreatedInSqliteAsDeclared(): void {
		$tables = TableSql::declared();
		$this->assertNotEmpty( $tables );
		$db = new PDO( 'sqlite::memory:', null, null, [ PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION ] );
		foreach ( $tables as $name => $table ) {
			$db->exec( str_replace( '/*_*/', '', TableSql::create( $table, 'sqlite' ) ) );
			$columns = $db->query( "PRAGMA table_info($name)" )->fetchAll( PDO::FETCH_ASSOC );
			$this->assertSame( array_column( $table['columns'], 'name' ), array_column( $columns, 'name' ), $name );
			foreach ( $table['columns'] as $i => $declared ) {
				if ( empty( $declared['options']['autoincrement'] ) ) {
					$notNull = !empty( $declared['options']['notnull'] );
					$this->assertSame( $notNull, $columns[$i]['notnull'] === 1, "$name.{$declared['name']}: NOT NULL as declared" );
				}
			}
			$keys = array_column( array_filter( $columns, static fn ( $c ) => $c['pk'] > 0 ), 'name' );
			$this->assertEqualsCanonicalizing( $table['pk'] ?? $this->autoincrementColumns( $table ), $keys, "$name: primary key" );
			$indexes = array_column( $db->query( "PRAGMA index_list($name)" )->fetchAll( PDO::FETCH_ASSOC ), 'unique', 'name' );
			foreach ( $table['indexes'] ?? [] as $index ) {
				$this->assertArrayHasKey( $index['name'], $indexes, $name );
				$this->assertSame( !empty( $index['unique'] ), $indexes[$index['name']] === 1, "{$index['name']}: unique as declared" );
			}
		}
	}

	public function testAWrittenRowKeepsItsBytesAndTheKeyRefusesATwin(): void {
		$db = new PDO( 'sqlite::memory:', null, null, [ PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION ] );
		$db->exec( str_replace( '/*_*/', '', TableSql::create( self::EXAMPLE, 'sqlite' ) ) );
		$insert = $db->prepare( 'INSERT INTO strata_example (ex_page, ex_id, ex_touched) VALUES (?, ?, ?)' );
		$insert->execute( [ 7, "s\u{e9}", '20261127000000' ] );
		$this->assertSame( [ 'ex_id' => "s\u{e9}", 'ex_main' => 0 ], $db->query( 'SELECT ex_id, ex_main FROM strata_example' )->fetch( PDO::FETCH_ASSOC ) );
		$this->expectException( \PDOException::class );
		$insert->execute( [ 7, "s\u{e9}", '20261127000001' ] );
	}

	public function testAColumnDeclaredLaterIsAddedToATableMadeBefore(): void {
		$older = self::EXAMPLE;
		array_splice( $older['columns'], 3 );
		$older['indexes'] = [];
		$db = new PDO( 'sqlite::memory:', null, null, [ PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION ] );
		$db->exec( str_replace( '/*_*/', '', TableSql::create( $older, 'sqlite' ) ) );
		$db->exec( "INSERT INTO strata_example (ex_page, ex_id) VALUES (7, 'a')" );
		$this->assertSame( "ALTER TABLE /*_*/strata_example ADD COLUMN ex_main TINYINT NOT NULL DEFAULT 0;\n",
			TableSql::addColumn( self::EXAMPLE, 'ex_main', 'mysql' ) );
		$db->exec( str_replace( '/*_*/', '', TableSql::addColumn( self::EXAMPLE, 'ex_main', 'sqlite' ) ) );
		$this->assertSame( [ 'ex_page' => 7, 'ex_main' => 0 ], $db->query( 'SELECT ex_page, ex_main FROM strata_example' )->fetch( PDO::FETCH_ASSOC ),
			'the rows there are take the default' );
		$this->expectException( \RuntimeException::class );
		TableSql::addColumn( self::EXAMPLE, 'ex_nothing', 'sqlite' );
	}

	public function testMysqlColumnsTakeTheirDialectsTypes(): void {
		$sql = TableSql::create( self::EXAMPLE, 'mysql' );
		$expected = [
			'-- An example table.',
			'CREATE TABLE /*_*/strata_example (',
			'  ex_page INT UNSIGNED NOT NULL,',
			'  ex_id VARBINARY(32) NOT NULL,',
			'  ex_note BLOB NULL,',
			'  ex_main TINYINT NOT NULL DEFAULT 0,',
			'  ex_touched BINARY(14) NOT NULL,',
			'  PRIMARY KEY (ex_page, ex_id)',
			') /*$wgDBTableOptions*/;',
			'CREATE UNIQUE INDEX ex_by_id ON /*_*/strata_example (ex_id);',
			'CREATE INDEX ex_by_touched ON /*_*/strata_example (ex_touched, ex_id);',
			'',
		];
		$this->assertSame( $expected, explode( "\n", $sql ) );
	}

	public function testAnIndexDeclaredLaterIsAddedToTheTableAlone(): void {
		$db = new PDO( 'sqlite::memory:', null, null, [ PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION ] );
		$earlier = [ 'indexes' => [ self::EXAMPLE['indexes'][0] ] ] + self::EXAMPLE;
		$db->exec( str_replace( '/*_*/', '', TableSql::create( $earlier, 'sqlite' ) ) );
		$added = TableSql::index( self::EXAMPLE, self::EXAMPLE['indexes'][1] );
		$this->assertSame( "CREATE INDEX ex_by_touched ON /*_*/strata_example (ex_touched, ex_id);\n", $added );
		$db->exec( str_replace( '/*_*/', '', $added ) );
		$indexes = array_column( $db->query( 'PRAGMA index_list(strata_example)' )->fetchAll( PDO::FETCH_ASSOC ), 'name' );
		$this->assertEqualsCanonicalizing( [ 'ex_by_id', 'ex_by_touched', 'sqlite_autoindex_strata_example_1' ], $indexes );
	}

	public function testAnAutoincrementColumnIsTheKeyInBothDialects(): void {
		$table = [ 'name' => 't', 'comment' => 'c', 'columns' => [
			[ 'name' => 'id', 'type' => 'integer', 'options' => [ 'autoincrement' => true, 'unsigned' => true ] ],
		] ];
		$this->assertStringContainsString( 'id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT', TableSql::create( $table, 'mysql' ) );
		$this->assertStringContainsString( 'id INTEGER PRIMARY KEY AUTOINCREMENT', TableSql::create( $table, 'sqlite' ) );
	}

	/** @dataProvider provideRefusals */
	public function testWhatItCannotRenderIsRefused( array $table, string $dbType, string $message ): void {
		$this->expectException( \RuntimeException::class );
		$this->expectExceptionMessage( $message );
		TableSql::create( $table, $dbType );
	}

	public static function provideRefusals(): array {
		$float = [ 'name' => 't', 'comment' => 'c', 'columns' => [ [ 'name' => 'f', 'type' => 'float' ] ] ];
		return [
			'a database without tables' => [ self::EXAMPLE, 'postgres', 'Strata has no tables for database type postgres' ],
			'an unknown column type, MySQL' => [ $float, 'mysql', "Strata's tables use no column type float" ],
			'an unknown column type, SQLite' => [ $float, 'sqlite', "Strata's tables use no column type float" ],
		];
	}

	/** @return list<string> */
	private function autoincrementColumns( array $table ): array {
		$auto = array_filter( $table['columns'], static fn ( $c ) => !empty( $c['options']['autoincrement'] ) );
		return array_column( $auto, 'name' );
	}
}
