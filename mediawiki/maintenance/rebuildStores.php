<?php
/**
 * Rebuilds a store of `$wgStrataStores` in this process (docs/mediawiki.md):
 *
 *   php maintenance/runScript.php EXTENSION/maintenance/rebuildStores.php --store graph [--unless-in-sync]
 *
 * (or `php EXTENSION/maintenance/rebuildStores.php` with MW_INSTALL_PATH set). The run is recorded
 * as any rebuild run (`GET /graph-stores` shows it). It first looks for what ended processes left
 * (pending markers, a run whose job died: `StoreOps::checkAbandoned`); `--unless-in-sync` then
 * rebuilds only a store the core says needs it (`needsRebuild`). A run already queued or running
 * (say, by the job queue) is taken over when it is still queued, else the script stops with its record.
 */

use MediaWiki\Extension\Strata\Stores\StoreOps;
use MediaWiki\Extension\Strata\Stores\StoreRebuild;
use MediaWiki\Extension\Strata\Stores\StoreRegistry;
use MediaWiki\Extension\Strata\Stores\StoreStates;
use MediaWiki\MediaWikiServices;

require_once ( getenv( 'MW_INSTALL_PATH' ) ?: dirname( __DIR__, 3 ) ) . '/maintenance/Maintenance.php';

class StrataRebuildStores extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Rebuilds a Strata store: clears it and projects every page holding Subjects again.' );
		$this->addOption( 'store', 'The store\'s name in $wgStrataStores', true, true );
		$this->addOption( 'unless-in-sync', 'Rebuild only when the store is not in-sync' );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$registry = StoreRegistry::ofWiki( $services );
		$name = $this->getOption( 'store' );
		if ( !$registry->config()->entry( $name ) ) {
			$this->fatalError( "no store \"$name\" in \$wgStrataStores" );
		}
		$states = $registry->states();
		// What ended processes left: pending markers, and a run whose job died (it would block this one).
		( new StoreOps( $services, User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] ) ) )->checkAbandoned( $name );
		if ( $this->hasOption( 'unless-in-sync' ) ) {
			$state = $states->state( $name )['state'];
			if ( !in_array( $state, StoreStates::lifecycle()['needsRebuild'], true ) ) {
				$this->output( "$name is $state: not rebuilt\n" );
				return;
			}
		}
		$start = $states->queueRun( $name, 'Maintenance script' );
		if ( $start['run']['state'] !== 'queued' ) {
			$this->fatalError( "a run of $name is already running: " . json_encode( $start['run'] ) );
		}
		$run = ( new StoreRebuild( $services, $registry ) )->process( $start['run']['id'], function ( $processed, $failed, $total ) use ( $name ) {
			$this->output( "$name: $processed of $total pages" . ( $failed ? ", $failed failed" : '' ) . "\n" );
		} );
		$this->output( json_encode( $run ) . "\n" );
		if ( $run['state'] !== 'succeeded' ) {
			$this->fatalError( "the rebuild of $name ended {$run['state']}: " . ( $run['error'] ?? '' ) );
		}
	}
}

$maintClass = StrataRebuildStores::class;
require_once RUN_MAINTENANCE_IF_MAIN;
