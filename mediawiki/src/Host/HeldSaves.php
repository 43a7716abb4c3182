<?php
/**
 * A test-only seam, off unless `$wgStrataTestHoldSavesFile` names a file (default null; only the
 * end-to-end tests set it): while that file exists, a write that was checked against Schemas waits
 * between its checks and the transaction that checks their revisions again, and says so by creating
 * the file's name plus `.held`: a `savePages` call that carries Schema revisions (a Subject write),
 * MediaWiki's own edit of a page with a Subject slot (`SlotEditSchemas`) and each batch of
 * importPages.php. It exists so that a test can save a Schema between a write's checks and its
 * commit, deterministically (host-shim/test/e2e-schema-race.test.js; the reference host's
 * `testHoldSavesFile`; tests/mediawiki/test_mediawiki_schema_race.py). A held write gives up
 * waiting after 30 seconds.
 */

namespace MediaWiki\Extension\Strata\Host;

class HeldSaves {
	private const LIMIT_SECONDS = 30;

	public static function holdWhileFileExists( ?string $file ): void {
		if ( $file === null || $file === '' || !file_exists( $file ) ) {
			return;
		}
		touch( "$file.held" );
		try {
			for ( $start = microtime( true ); file_exists( $file ) && microtime( true ) - $start < self::LIMIT_SECONDS; ) {
				usleep( 20000 );
				clearstatcache();
			}
		} finally {
			@unlink( "$file.held" );
		}
	}
}
