<?php
/**
 * A queued rebuild run (`startRebuild`, `POST /graph-stores/{name}/rebuild`) as a MediaWiki job: the
 * job queue runs it (`runJobs.php`, or the web requests' job runner) through StoreRebuild. A run
 * cancelled before the job starts is left as it is.
 */

namespace MediaWiki\Extension\Strata\Stores;

use GenericParameterJob;
use Job;
use MediaWiki\MediaWikiServices;

class RebuildJob extends Job implements GenericParameterJob {
	public const TYPE = 'strataRebuildStore';

	public function __construct( array $params ) {
		parent::__construct( self::TYPE, $params );
		$this->removeDuplicates = false;
	}

	public static function forRun( int $runId ): self {
		return new self( [ 'runId' => $runId ] );
	}

	public function run(): bool {
		$services = MediaWikiServices::getInstance();
		( new StoreRebuild( $services, StoreRegistry::ofWiki( $services ) ) )->process( (int)$this->params['runId'] );
		return true;
	}
}
