<?php
/**
 * What one server remembers about graph indexes, in MediaWiki's local-server cache (APCu), so that
 * a save does not pay for them in every request (mod_php keeps nothing of PHP's between requests):
 * the core's index statements (`graphIndexes`), which depend only on the core's build and so are
 * kept by the module file's identity (the bridge's `VerifiedFiles`, which states that identity once);
 * and that a FalkorDB server's graph was given those statements,
 * kept for an hour. Within that hour a graph deleted behind the wiki's back gets no indexes until a
 * rebuild makes them again (docs/mediawiki.md, "Stores"); its queries are slower, not wrong. Without
 * APCu (the command line by default) nothing is remembered: every connection runs the statements,
 * as before.
 */

namespace MediaWiki\Extension\Strata\Stores;

use BagOStuff;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\MediaWikiServices;
use Strata\Bridge\VerifiedFiles;

class GraphIndexMemo {
	/** How long a server's graph counts as indexed. */
	private const INDEXED_SECONDS = 3600;

	public function __construct( private BagOStuff $cache ) {
	}

	public static function ofServer(): self {
		return new self( MediaWikiServices::getInstance()->getLocalServerObjectCache() );
	}

	/** The core's index statements, asked of the core once per build of its module. */
	public function statements(): array {
		$module = CoreGateway::moduleFile();
		CoreGateway::requireBridge();
		$known = VerifiedFiles::recall( 'graph-indexes', $module );
		if ( $known !== null ) {
			return json_decode( $known, true, 512, JSON_THROW_ON_ERROR );
		}
		$statements = CoreGateway::core()->graphIndexes();
		VerifiedFiles::remember( 'graph-indexes', $module, json_encode( $statements, JSON_THROW_ON_ERROR ) );
		return $statements;
	}

	/** Whether $graph on the server at $url was given $statements within the last hour. */
	public function made( string $url, string $graph, array $statements ): bool {
		return (bool)$this->cache->get( $this->key( $url, $graph, $statements ) );
	}

	public function remember( string $url, string $graph, array $statements ): void {
		$this->cache->set( $this->key( $url, $graph, $statements ), 1, self::INDEXED_SECONDS );
	}

	private function key( string $url, string $graph, array $statements ): string {
		return $this->cache->makeKey( 'strata-graph-indexed', sha1( implode( "\n", [ $url, $graph, ...$statements ] ) ) );
	}
}
