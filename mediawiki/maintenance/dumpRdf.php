<?php
/**
 * The spec's DumpRdf (docs/mediawiki.md, "Maintenance"): every page's projection to stdout as TriG,
 * one named graph per page, progress on stderr.
 *
 *   php extensions/Strata/maintenance/dumpRdf.php [--projection=NAME] > wiki.trig
 *
 * `--projection` picks an ontology projection (a Mapping's target); the default is native. The
 * projection is the core's `RdfProjector`, set up once with every Schema (and, for an ontology
 * projection, every Mapping); pages are read in page id order a batch at a time and each page is
 * written as soon as it is projected, so memory stays flat however large the wiki (the reference
 * host's `strata.js dump-rdf` does the same).
 */

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\PageRecords;
use MediaWiki\Extension\Strata\Host\Settings;
use MediaWiki\MediaWikiServices;
use Strata\Bridge\StrataError;

require_once ( getenv( 'MW_INSTALL_PATH' ) ?: dirname( __DIR__, 3 ) ) . '/maintenance/Maintenance.php';

class StrataDumpRdf extends Maintenance {
	private const BATCH = 500;
	private const NS_SCHEMA = 7474;
	private const NS_MAPPING = 7478;

	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Writes every page\'s RDF projection to stdout as TriG, one named graph per page.' );
		$this->addOption( 'projection', 'native (the default) or an ontology projection: a Mapping\'s target', false, true );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$records = new PageRecords( $services, User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] ) );
		$projection = $this->getOption( 'projection', 'native' );
		$settings = Settings::of( $services->getMainConfig() );
		$setup = [
			'baseUri' => $settings['rdfBaseUri'],
			'sourceIris' => (object)array_filter( array_map( static fn ( $s ) => $s['rdfBaseUri'] ?? null, (array)$settings['sources'] ) ),
			'schemas' => self::texts( $records->all( self::NS_SCHEMA ) ),
			'mappings' => $projection === 'native' ? (object)[] : self::texts( $records->all( self::NS_MAPPING ) ),
			'projection' => $projection,
			'format' => 'trig',
		];
		try {
			$projector = CoreGateway::core()->rdfProjector( self::json( $setup ), self::json( [ 'sourceKey' => $settings['sourceKey'] ] ) );
		} catch ( StrataError $e ) {
			$known = $e->details['knownProjections'] ?? null;
			$this->fatalError( $known ? "unknown projection \"$projection\" (known: " . implode( ', ', $known ) . ')' : $e->getMessage() );
		}
		$db = $services->getDBLoadBalancer()->getConnectionRef( DB_REPLICA );
		$total = (int)$db->selectField( 'page', 'COUNT(*)', [], __METHOD__ );
		$done = 0;
		for ( $after = 0; ; ) {
			$ids = $db->selectFieldValues( 'page', 'page_id', [ 'page_id > ' . $after ], __METHOD__,
				[ 'ORDER BY' => 'page_id', 'LIMIT' => self::BATCH ] );
			if ( $ids === [] ) {
				break;
			}
			foreach ( $ids as $id ) {
				$page = $records->byId( (int)$id );
				if ( $page ) {
					fwrite( STDOUT, $projector->projectPage( self::json( self::facts( $page ) ), $page['subjectSlot'], $done === 0 ) );
				}
				$done++;
			}
			$records->forget();
			$after = (int)end( $ids );
			fwrite( STDERR, "$done of $total pages\n" );
		}
		fwrite( STDERR, "dumped $done pages\n" );
	}

	/** Page title to main-slot text: the Schemas or Mappings as the projector reads them. */
	private static function texts( array $pages ): object {
		return (object)array_column( array_map( static fn ( $p ) => [ $p['title'], $p['mainSlot'] ?? '' ], $pages ), 1, 0 );
	}

	/** What the projection reads of a page besides its Subject slot. */
	private static function facts( array $page ): array {
		return array_intersect_key( $page, array_flip( [ 'pageId', 'title', 'prefixedTitle', 'created', 'modified', 'lastEditor', 'categories' ] ) );
	}

	private static function json( array $value ): string {
		return json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR );
	}
}

$maintClass = StrataDumpRdf::class;
require_once RUN_MAINTENANCE_IF_MAIN;
