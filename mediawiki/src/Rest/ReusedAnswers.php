<?php
/**
 * Answers the core declared reusable (docs/architecture.md, "Reusable answers"), kept in this
 * server's local cache (MediaWiki's local-server cache: APCu) and served again without loading the
 * core (issue 31: a Subject read cost about 1 ms of CPU more than MediaWiki's own page read). The
 * core lists what an answer was read from: pages by title at their latest revision (or found absent)
 * and the request headers it read. An answer is served again only for the same method, path and
 * query, the same `config` answer (the `$wgStrata...` settings and `MediaWiki:Strata.json`) and the
 * same module file, while every listed header has the same value and every listed page is still at
 * that revision (or still absent), and only to a caller with the `read` right who may read every
 * listed page, asked every time; anything else goes to the core, which answers as always, so a read
 * the caller may not make still looks exactly like missing data. A list read from the Subject index
 * declares the pages of its rows instead (`index`): it is kept under the index's generation
 * (`Host/IndexGeneration`) when its reads saw every write before that generation, and served again
 * while the generation stands, to a caller who may read each of those pages. Without APCu nothing
 * is kept.
 */

namespace MediaWiki\Extension\Strata\Rest;

use BagOStuff;
use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Host\IndexGeneration;
use MediaWiki\Extension\Strata\Host\Settings;
use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\Authority;
use MediaWiki\Permissions\PermissionManager;
use Title;

class ReusedAnswers {
	/** How long an answer is kept unused: the checks make it correct, this bounds the cache's size. */
	private const TTL = BagOStuff::TTL_HOUR;

	/**
	 * @param BagOStuff $cache where answers are kept
	 * @param string $key the request's key (`key`)
	 * @param \Closure $context `fn (): array`: what else an answer depends on (on MediaWiki the
	 *   `config` answer and the module file's identity), asked only when an answer is kept or found
	 * @param \Closure $pagesStand `fn (array $pages, array $readable, Authority $caller): bool`:
	 *   whether every listed page is at its listed revision (absent when none) and the caller may read
	 *   each that exists, and each page of $readable (`{namespace, title}`, an index answer's rows)
	 * @param \Closure $mayRead `fn (Authority $caller): bool`: whether the caller has the `read` right
	 * @param bool $index whether the route's answers depend on the Subject index
	 * @param ?string $generation for a route whose answers depend on the Subject index, its
	 *   generation read before the core's reads (`IndexGeneration::beforeReads`); null when none
	 *   of its answers is kept or served
	 */
	public function __construct(
		private BagOStuff $cache,
		private string $key,
		private \Closure $context,
		private \Closure $pagesStand,
		private \Closure $mayRead,
		private bool $index = false,
		private ?string $generation = null
	) {
	}

	/**
	 * The kept answers of this server for one request of a route the core declared reusable, on
	 * $reuse (`RouteDeclarations::REUSABLE`: `pages` or `index`); null for a request whose answer is
	 * never kept (not a GET, or an index route on a wiki with replicas).
	 */
	public static function forRequest( string $method, string $path, array $query, string $reuse ): ?self {
		if ( $method !== 'GET' ) {
			return null;
		}
		$services = MediaWikiServices::getInstance();
		$generation = null;
		if ( $reuse === 'index' ) {
			$generation = IndexGeneration::beforeReads( $services->getDBLoadBalancer() );
			if ( $generation === null ) {
				return null;
			}
		}
		$context = static function () use ( $services ): array {
			$module = CoreGateway::moduleFile();
			$stat = @stat( $module );
			return [ Settings::of( $services->getMainConfig() ), $module, $stat['ino'] ?? 0, $stat['size'] ?? 0, $stat['mtime'] ?? 0 ];
		};
		$cache = $services->getLocalServerObjectCache();
		$mayRead = static fn ( Authority $caller ): bool => CallerFacts::holds( $caller, 'read' );
		return new self( $cache, self::key( $cache, $path, $query ), $context, \Closure::fromCallable( [ self::class, 'pagesStand' ] ),
			$mayRead, $reuse === 'index', $generation );
	}

	/**
	 * The key of a request's answer: its path and query. What else the answer depends on is kept
	 * with it and compared when it is found, so a request whose answer was not kept costs one cache
	 * read.
	 */
	public static function key( BagOStuff $cache, string $path, array $query ): string {
		return $cache->makeKey( 'strata-answer', sha1( json_encode( [ $path, $query ] ) ) );
	}

	/**
	 * The kept answer when it may be served to $caller now (`{status, headers, body}`); null otherwise.
	 *
	 * @param array<string,string> $headers the request's headers, lower-case names
	 */
	public function find( array $headers, Authority $caller ): ?array {
		$kept = $this->cache->get( $this->key );
		if ( !is_array( $kept ) ) {
			return null;
		}
		foreach ( $kept['reusable']['headers'] as $name => $value ) {
			if ( ( $headers[$name] ?? null ) !== $value ) {
				return null;
			}
		}
		$index = $kept['reusable']['index'] ?? null;
		if ( $kept['context'] !== self::digest( ( $this->context )() ) || !( $this->mayRead )( $caller )
			|| ( $index !== null && $kept['generation'] !== $this->generation )
			|| !( $this->pagesStand )( $kept['reusable']['pages'], $index ?? [], $caller )
		) {
			return null;
		}
		return $kept['answer'];
	}

	/**
	 * Keeps the core's $answer when the core declared it reusable on what this route's answers may
	 * depend on; an index answer under the generation read before its reads.
	 */
	public function keep( array $answer ): void {
		$reusable = $answer['reusable'] ?? null;
		unset( $answer['reusable'] );
		if ( !is_array( $reusable ) || isset( $reusable['index'] ) !== $this->index ) {
			return;
		}
		$this->cache->set( $this->key, [ 'answer' => $answer, 'reusable' => $reusable, 'generation' => $this->generation,
			'context' => self::digest( ( $this->context )() ) ], self::TTL );
	}

	private static function digest( array $context ): string {
		return sha1( json_encode( $context ) );
	}

	/**
	 * The pages' check on this wiki: one query for every title of $pages (LinkBatch), none for
	 * $readable; access as `PageRecords` asks it.
	 */
	private static function pagesStand( array $pages, array $readable, Authority $caller ): bool {
		$services = MediaWikiServices::getInstance();
		$user = $services->getUserFactory()->newFromAuthority( $caller );
		$permissions = $services->getPermissionManager();
		foreach ( $readable as $page ) {
			// Titles the index holds: valid, so made without parsing them again.
			$title = Title::makeTitle( $page['namespace'], strtr( $page['title'], ' ', '_' ) );
			if ( !$permissions->userCan( 'read', $user, $title, PermissionManager::RIGOR_QUICK ) ) {
				return false;
			}
		}
		if ( $pages === [] ) {
			return true;
		}
		$titles = [];
		foreach ( $pages as $page ) {
			$title = Title::makeTitleSafe( $page['namespace'], $page['title'] );
			if ( !$title ) {
				return false;
			}
			$titles[] = [ $title, (int)( $page['revisionId'] ?? 0 ) ];
		}
		$services->getLinkBatchFactory()->newLinkBatch( array_column( $titles, 0 ) )->execute();
		$links = $services->getLinkCache();
		foreach ( $titles as [ $title, $revision ] ) {
			if ( (int)$links->getGoodLinkFieldObj( $title, 'revision' ) !== $revision ) {
				return false;
			}
			if ( $revision !== 0 && !$permissions->userCan( 'read', $user, $title, PermissionManager::RIGOR_QUICK ) ) {
				return false;
			}
		}
		return true;
	}
}
