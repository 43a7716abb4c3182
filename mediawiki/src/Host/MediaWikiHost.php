<?php
/**
 * The Host port (Strata\Bridge\Host, one method per operation of src/host/mod.rs) answered by
 * MediaWiki's services for the caller of one request. Page reads and writes are `PageRecords` and
 * `PageWrites`; the index lookups are `IndexTables`, `IndexQueries` and `SubjectListing`.
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\Extension\Strata\Stores\StoreOps;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use ParserOptions;
use RequestContext;
use Strata\Bridge\Host;
use Strata\Bridge\SourceFetcher;
use Title;
use User;

class MediaWikiHost implements Host {
	private MediaWikiServices $services;
	private User $user;
	private PageRecords $records;
	private PageWrites $writes;
	private IndexQueries $index;
	private SubjectListing $listing;
	private StoreOps $stores;
	private WriteTransaction $transaction;

	public function __construct( MediaWikiServices $services, User $user ) {
		$this->services = $services;
		$this->user = $user;
		$this->records = new PageRecords( $services, $user );
		$this->stores = new StoreOps( $services, $user );
		$this->transaction = new WriteTransaction( $services );
		$this->writes = new PageWrites( $services, $user, $this->records, $this->stores->names(), $this->transaction );
		$this->index = new IndexQueries( $services, $this->records );
		$this->listing = new SubjectListing( $services->getDBLoadBalancer()->getConnectionRef( DB_REPLICA ), $this->index );
	}

	/** Ends what the request's writes left open (a lock taken for a re-plan that saved nothing). */
	public function finish(): void {
		$this->transaction->finish();
	}

	public function config( array $args ): mixed {
		return Settings::of( $this->services->getMainConfig() );
	}

	public function pageById( array $args ): mixed {
		$this->transaction->beforeRead( (int)$args['pageId'] );
		return $this->records->byId( (int)$args['pageId'] );
	}

	public function pageByTitle( array $args ): mixed {
		$this->transaction->beforeRead( null, (int)$args['namespace'], (string)$args['title'] );
		return $this->records->byTitle( (int)$args['namespace'], (string)$args['title'] );
	}

	public function revision( array $args ): mixed {
		return $this->records->revision( (int)$args['revisionId'] );
	}

	public function subjectsInfo( array $args ): mixed {
		$db = ( new RequestReads( $this->services->getDBLoadBalancer() ) )->db();
		$found = IndexTables::subjects( $db, array_values( $args['ids'] ?? [] ) );
		foreach ( $found as $id => $info ) {
			$page = $this->records->pageFromRow( $info['pageId'], $info['page'] );
			unset( $found[$id]['page'] );
			$found[$id]['readable'] = $page !== null && $this->records->can( 'read', $page );
		}
		return (object)$found;
	}

	public function canCreate( array $args ): mixed {
		$title = $this->records->title( (int)$args['namespace'], (string)$args['title'] );
		if ( !$title ) {
			return [ 'allowed' => false, 'exists' => false, 'readable' => false ];
		}
		$access = $this->records->access( $title );
		return [
			'allowed' => $access['edit'] && $this->records->can( 'create', $title ),
			'exists' => $title->exists(),
			'readable' => $access['read'],
		];
	}

	public function savePages( array $args ): mixed {
		try {
			return $this->writes->savePages( $args['saves'] ?? [], $args['validatedAgainst'] ?? [] );
		} finally {
			$this->records->forget();
		}
	}

	public function deletePage( array $args ): mixed {
		$base = $args['baseRevisionId'] ?? null;
		try {
			return $this->writes->deletePage( (int)$args['pageId'], $base === null ? null : (int)$base, (string)( $args['comment'] ?? '' ) );
		} finally {
			$this->records->forget();
		}
	}

	public function listPages( array $args ): mixed {
		return $this->records->list( (int)$args['namespace'], $args['after'] ?? null, (int)$args['limit'], $args['prefix'] ?? null );
	}

	public function graphStores( array $args ): mixed {
		return $this->stores->graphStores();
	}

	public function startRebuild( array $args ): mixed {
		return $this->stores->startRebuild( (string)$args['name'] );
	}

	public function cancelRebuild( array $args ): mixed {
		return $this->stores->cancelRebuild( (string)$args['name'] );
	}

	public function listSubjects( array $args ): mixed {
		return $this->listing->list( $args );
	}

	public function recentlyEdited( array $args ): mixed {
		return $this->index->recentlyEdited( (int)$args['limit'], (int)$args['lookback'] );
	}

	public function subjectCounts( array $args ): mixed {
		return $this->index->subjectCounts();
	}

	public function subjectLabels( array $args ): mixed {
		return $this->index->subjectLabels( array_values( array_map( 'strval', $args['schemas'] ?? [] ) ), $args['prefix'] ?? null, (int)$args['limit'] );
	}

	public function referencingSubjects( array $args ): mixed {
		return $this->index->referencingSubjects( (string)$args['targetId'], (int)$args['limit'], (int)$args['inspect'] );
	}

	public function subjectRows( array $args ): mixed {
		return $this->index->subjectRows( array_values( array_map( 'strval', $args['ids'] ?? [] ) ) );
	}

	public function sparqlQuery( array $args ): mixed {
		return $this->stores->sparqlQuery( (string)$args['query'], (int)$args['timeoutMs'] );
	}

	public function cypherQuery( array $args ): mixed {
		return $this->stores->cypherQuery( (string)$args['query'], (int)$args['timeoutMs'], $args['catalog'] );
	}

	public function awaitProjection( array $args ): mixed {
		return $this->stores->awaitProjection( $args['kind'] ?? null, (int)$args['waitMs'] );
	}

	public function updateStores( array $args ): mixed {
		$this->stores->updateStores( $args );
		return null;
	}

	/** One use of a rate-limited action counted by MediaWiki's limiter (`EditChecks::hit`). */
	public function hitRateLimit( array $args ): mixed {
		$wait = $this->writes->checks()->hit( (string)$args['action'] );
		return $wait === null ? [ 'limited' => false ] : [ 'limited' => true, 'retryAfterSeconds' => $wait ];
	}

	public function log( array $args ): mixed {
		LoggerFactory::getInstance( 'Strata' )->log( (string)( $args['level'] ?? 'info' ), (string)( $args['message'] ?? '' ) );
		return null;
	}

	public function now( array $args ): mixed {
		return [ 'timestamp' => PageRecords::iso( wfTimestampNow() ) ];
	}

	/**
	 * Wikitext as MediaWiki's parser draws it (edit notices: MediaWiki:Strata-editnotice and the
	 * Schema's own), in the title's context and the user interface language, without the edit links.
	 */
	public function parseWikitext( array $args ): mixed {
		$title = Title::newFromText( (string)$args['title'] ) ?? Title::newMainPage();
		$context = RequestContext::getMain();
		$options = ParserOptions::newFromContext( $context );
		$output = MediaWikiServices::getInstance()->getParserFactory()->create()
			->parse( (string)$args['text'], $title, $options );
		return [ 'html' => $output->getText( [ 'enableSectionEditLinks' => false, 'wrapperDivClass' => '' ] ) ];
	}

	/**
	 * A GET to a source of `$wgStrataSources`, through the bridge's fetcher (docs/federation.md). One
	 * fetcher per PHP process, so a source's bot session serves every request of the process.
	 */
	public function fetchSource( array $args ): mixed {
		static $fetcher = null;
		$fetcher ??= new SourceFetcher( $this->services->getMainConfig()->get( 'StrataSources' ) );
		return $fetcher->fetch( $args );
	}
}
