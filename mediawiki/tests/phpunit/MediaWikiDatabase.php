<?php
/**
 * A wiki database for unit tests of classes that keep rows: MediaWiki's own database layer (Debian's
 * MediaWiki, at MW_INSTALL_PATH or /usr/share/mediawiki; the tests fail without it) on a new SQLite
 * file holding Strata's declared tables (`sql/tables.json`, as update.php makes them), behind a load
 * balancer of that one connection.
 */

namespace MediaWiki\Extension\Strata\Tests;

use MediaWiki\Extension\Strata\Schema\TableSql;
use Wikimedia\Rdbms\DatabaseFactory;
use Wikimedia\Rdbms\IDatabase;
use Wikimedia\Rdbms\LoadBalancerSingle;

class MediaWikiDatabase {
	/** MediaWiki's class map, constants (DB_PRIMARY) and global functions (wfTimestampNow), loaded once. */
	public static function loadMediaWiki(): void {
		if ( function_exists( 'wfTimestampNow' ) ) {
			return;
		}
		$IP = getenv( 'MW_INSTALL_PATH' ) ?: '/usr/share/mediawiki';
		if ( !is_file( "$IP/autoload.php" ) ) {
			throw new \RuntimeException( "no MediaWiki at $IP (Debian's mediawiki package; MW_INSTALL_PATH names another)" );
		}
		require_once "$IP/vendor/autoload.php";
		require_once "$IP/autoload.php";
		require_once "$IP/includes/AutoLoader.php";
		require_once "$IP/includes/Defines.php";
		require_once "$IP/includes/GlobalFunctions.php";
		spl_autoload_register( static function ( string $class ) {
			global $wgAutoloadLocalClasses;
			if ( isset( $wgAutoloadLocalClasses[$class] ) ) {
				require_once $wgAutoloadLocalClasses[$class];
			}
		} );
	}

	/** A new SQLite database with Strata's tables, in a folder removed when the process ends. */
	public static function sqlite(): IDatabase {
		self::loadMediaWiki();
		$dir = sys_get_temp_dir() . '/strata-unit-' . bin2hex( random_bytes( 6 ) );
		mkdir( $dir );
		register_shutdown_function( static function () use ( $dir ) {
			array_map( 'unlink', glob( "$dir/*" ) );
			rmdir( $dir );
		} );
		$db = ( new DatabaseFactory() )->create( 'sqlite', [ 'dbDirectory' => $dir, 'dbname' => 'wiki', 'tablePrefix' => '',
			'flags' => 0, 'variables' => [], 'schema' => null ] );
		foreach ( TableSql::declared() as $table ) {
			$stream = fopen( 'php://memory', 'r+' );
			fwrite( $stream, TableSql::create( $table, 'sqlite' ) );
			rewind( $stream );
			$db->sourceStream( $stream, null, null, __METHOD__ );
			fclose( $stream );
		}
		return $db;
	}

	/** A load balancer that hands out $db, as a class that asks for DB_PRIMARY expects. */
	public static function loadBalancer( IDatabase $db ): LoadBalancerSingle {
		return LoadBalancerSingle::newFromConnection( $db );
	}
}
