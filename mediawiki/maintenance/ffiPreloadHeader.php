<?php
/**
 * Writes the header file of PHP's `ffi.preload` for this wiki's wasmtime library (docs/mediawiki.md,
 * "PHP FFI"), so that the web server declares wasmtime's C API to FFI once, when it starts, instead of
 * in every request that loads the core (about 0.15 ms each):
 *
 *   php extensions/Strata/maintenance/ffiPreloadHeader.php --output /etc/php/8.2/strata-wasmtime.h
 *
 * then `ffi.preload=/etc/php/8.2/strata-wasmtime.h` in the server's php.ini and a restart; again after
 * the library moves or changes (the header names its file; a server whose header names a missing
 * library starts without FFI). Optional: without it every request declares the API itself.
 */

use MediaWiki\Extension\Strata\Core\CoreGateway;
use Strata\Bridge\Wasmtime;

require_once ( getenv( 'MW_INSTALL_PATH' ) ?: dirname( __DIR__, 3 ) ) . '/maintenance/Maintenance.php';

class StrataFfiPreloadHeader extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Writes the header file of PHP\'s ffi.preload for Strata\'s wasmtime library.' );
		$this->addOption( 'output', 'The header file to write', true, true );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		CoreGateway::requireBridge();
		$library = CoreGateway::wasmtimeLibrary();
		$output = $this->getOption( 'output' );
		if ( file_put_contents( $output, Wasmtime::preloadHeader( $library ) ) === false ) {
			$this->fatalError( "Could not write $output." );
		}
		$this->output( "Wrote $output for $library: set ffi.preload=$output in the web server's php.ini and restart it.\n" );
	}
}

$maintClass = StrataFfiPreloadHeader::class;
require_once RUN_MAINTENANCE_IF_MAIN;
