<?php
/**
 * The MediaWiki host's `listPages` beside its one-page read (`pageById`), inside a test wiki:
 * `php maintenance/runScript.php THIS_FILE PREFIX` with the wiki's MW_CONFIG_FILE. It lists the
 * Layout pages whose titles start with PREFIX as a user who may not read those whose title holds
 * "Secret" (a `getUserPermissionsErrors` handler registered here, as a wiki's read restriction
 * would be), one page, then four pages never read before in one call, then all of them, and counts
 * the queries of the first two calls (MediaWiki's transaction profiler, told to expect none,
 * reports every query). Queries of
 * `page_restrictions` are left out of the count: MediaWiki's own lookup for the `edit` check, one
 * a page, kept in its WAN cache under the page's latest revision (no query on a server with an
 * object cache; the command line has none). Prints one JSON object for tests/mediawiki/:
 * `{titles, unreadable, differ, queries: {onePage, fourPages}}`.
 */

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\MediaWikiHost;
use MediaWiki\MediaWikiServices;
use Psr\Log\AbstractLogger;

require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class StrataPageLists extends Maintenance {
	/** @var string[] the queries reported since the last count() */
	public array $queries = [];

	public function __construct() {
		parent::__construct();
		$this->addArg( 'prefix', 'The titles\' prefix', true );
	}

	public function execute() {
		$prefix = (string)$this->getArg( 0 );
		require_once CoreGateway::bridgeFile();
		$services = MediaWikiServices::getInstance();
		$services->getHookContainer()->register( 'getUserPermissionsErrors', static function ( $title, $user, $action, &$result ) {
			if ( $action === 'read' && str_contains( $title->getText(), 'Secret' ) ) {
				$result = [ 'badaccess-group0' ];
				return false;
			}
			return true;
		} );
		$host = new MediaWikiHost( $services, User::newSystemUser( 'Strata page lists', [ 'steal' => true ] ) );
		$list = static fn ( ?string $after, int $limit ) => $host->listPages(
			[ 'namespace' => NS_STRATA_LAYOUT, 'after' => $after, 'limit' => $limit, 'prefix' => $prefix ] )['pages'];
		// The first page alone first: MediaWiki loads its name tables (slot roles, content models)
		// once. Then the second page alone and the four after it, neither ever read before, so
		// neither is in the WAN cache (the command line has none, only the process's own).
		$first = $list( null, 1 );
		$profiler = Profiler::instance()->getTransactionProfiler();
		$profiler->setSilenced( false );
		$profiler->setLogger( new class( $this ) extends AbstractLogger {
			public function __construct( private StrataPageLists $script ) {
			}

			public function log( $level, $message, array $context = [] ): void {
				if ( ( $context['measure'] ?? '' ) === 'queries' && !str_contains( (string)$context['query'], 'pr_type' ) ) {
					$this->script->queries[] = (string)$context['query'];
				}
			}
		} );
		$count = function ( callable $call ) use ( $profiler ) {
			$profiler->redefineExpectations( [ 'queries' => 0 ], __METHOD__ );
			$this->queries = [];
			$answer = $call();
			return [ $answer, count( $this->queries ) ];
		};
		[ $second, $onePage ] = $count( static fn () => $list( $first[0]['title'], 1 ) );
		[ $rest, $fourPages ] = $count( static fn () => $list( $second[0]['title'], 4 ) );
		$pages = array_merge( $first, $second, $rest );
		$all = $list( null, 50 );
		$differ = [];
		foreach ( $all as $position => $record ) {
			if ( $record !== $host->pageById( [ 'pageId' => $record['pageId'] ] ) || $record !== ( $pages[$position] ?? null ) ) {
				$differ[] = $record['title'];
			}
		}
		$this->output( json_encode( [
			'titles' => array_column( $all, 'title' ),
			'unreadable' => array_column( array_filter( $all, static fn ( $r ) => !$r['access']['read'] ), 'title' ),
			'differ' => $differ,
			'queries' => [ 'onePage' => $onePage, 'fourPages' => $fourPages ],
		] ) . "\n" );
	}
}

$maintClass = StrataPageLists::class;
require_once RUN_MAINTENANCE_IF_MAIN;
