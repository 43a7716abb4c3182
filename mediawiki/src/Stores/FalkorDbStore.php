<?php
/**
 * FalkorDB as a graph store of the MediaWiki host (docs/stores.md): the core's write statements with
 * GRAPH.QUERY, reads with GRAPH.RO_QUERY --compact and the graph's catalog, and the build marker
 * kept beside the graph. It moves bytes only: the core writes every query text and decodes the
 * replies. FalkorDB's TIMEOUT argument stops a query on the server; the connection gives up a second
 * later, so no request waits on the store for longer than its tier allows.
 */

namespace MediaWiki\Extension\Strata\Stores;

class FalkorDbStore {
	/** The most a read may send back (docs/graph.md). */
	public const MAX_REPLY_BYTES = 32 * 1024 * 1024;
	private const CONNECT_MS = 5000;
	/** Error replies of a server that cannot answer now, not of a query. */
	private const SERVER_CONDITION = '/^(LOADING|BUSY|OOM|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|MISCONF|NOAUTH)\b/';
	private const CATALOG = [
		'labels' => 'CALL db.labels()',
		'relationshipTypes' => 'CALL db.relationshipTypes()',
		'propertyKeys' => 'CALL db.propertyKeys()',
	];

	private ?RespConnection $connection = null;

	public function __construct( private string $url, private string $graph, private int $timeoutMs = 30000 ) {
	}

	private function connection(): RespConnection {
		return $this->connection ??= new RespConnection( $this->url, self::CONNECT_MS );
	}

	public function close(): void {
		$this->connection?->close();
		$this->connection = null;
	}

	/** Runs write statements in order, stopping at the first failure: `{ok}` or `{ok: false, kind, detail}`. */
	public function run( array $statements ): array {
		foreach ( $statements as $statement ) {
			$failure = $this->check( fn () => $this->connection()->command(
				[ 'GRAPH.QUERY', $this->graph, $statement, 'TIMEOUT', $this->timeoutMs ], $this->timeoutMs + 1000 ) );
			if ( $failure ) {
				return $failure;
			}
		}
		return [ 'ok' => true ];
	}

	/** Sends every statement at once (the rebuild's bulk path); `{ok}` or the first failure. */
	public function runAll( array $statements ): array {
		$commands = array_map( fn ( $s ) => [ 'GRAPH.QUERY', $this->graph, $s, 'TIMEOUT', $this->timeoutMs ], $statements );
		try {
			$replies = $commands === [] ? [] : $this->connection()->pipeline( $commands, $this->timeoutMs + 1000 );
		} catch ( RespFailure $e ) {
			$this->close();
			return self::failure( $e->kind === 'timeout' ? 'timeout' : 'unavailable', $e->getMessage() );
		}
		foreach ( $replies as $reply ) {
			if ( $reply instanceof RespError ) {
				return self::failure( 'failed', $reply->message );
			}
		}
		return [ 'ok' => true ];
	}

	/** The `{ok: false}` answer of $command's failure, or null when it succeeded. */
	private function check( callable $command ): ?array {
		try {
			$reply = $command();
		} catch ( RespFailure $e ) {
			$this->close();
			return self::failure( $e->kind === 'timeout' ? 'timeout' : 'unavailable', $e->getMessage() );
		}
		return $reply instanceof RespError ? self::failure( 'failed', $reply->message ) : null;
	}

	private static function failure( string $kind, string $detail ): array {
		return [ 'ok' => false, 'kind' => $kind, 'detail' => $detail ];
	}

	/** `{exists, marker}`: whether the graph key exists, and the build marker stored beside it. */
	public function contentMarker(): array {
		$connection = $this->connection();
		$exists = $connection->command( [ 'EXISTS', $this->graph ], self::CONNECT_MS );
		$marker = $connection->command( [ 'GET', $this->graph . ':strata-build' ], self::CONNECT_MS );
		return [ 'exists' => $exists === 1, 'marker' => is_string( $marker ) ? $marker : null ];
	}

	public function setContentMarker( string $marker ): array {
		return $this->check( fn () => $this->connection()->command( [ 'SET', $this->graph . ':strata-build', $marker ], self::CONNECT_MS ) )
			?? [ 'ok' => true ];
	}

	/**
	 * One read (the core's guarded text) as the `cypherQuery` answer: `{ok: true, reply, catalog}`
	 * with at most $maxRows + 1 rows, or `{ok: false, kind, detail}`. A graph that does not exist
	 * answers no rows.
	 */
	public function read( string $query, int $maxRows, int $timeoutMs ): array {
		try {
			$reply = $this->readOne( $query, [ '--compact' ], $timeoutMs );
			if ( $reply === null ) {
				return [ 'ok' => true, 'reply' => [ [], [], [] ], 'catalog' => [ 'labels' => [], 'relationshipTypes' => [], 'propertyKeys' => [] ] ];
			}
			if ( is_array( $reply ) && count( $reply ) === 3 && is_array( $reply[1] ) && count( $reply[1] ) > $maxRows + 1 ) {
				$reply[1] = array_slice( $reply[1], 0, $maxRows + 1 );
			}
			$catalog = [];
			foreach ( self::CATALOG as $key => $call ) {
				$rows = $this->readOne( $call, [], $timeoutMs )[1] ?? [];
				$catalog[$key] = array_map( static fn ( $row ) => $row[0], $rows );
			}
			return [ 'ok' => true, 'reply' => $reply, 'catalog' => $catalog ];
		} catch ( RespFailure $e ) {
			$this->close();
			return self::failure( $e->kind === 'tooLarge' ? 'tooExpensive' : ( $e->kind === 'timeout' ? 'timeout' : 'unavailable' ), $e->getMessage() );
		} catch ( StoreQueryError $e ) {
			return self::failure( $e->kind, $e->getMessage() );
		}
	}

	/** One RO_QUERY; null when the graph does not exist. */
	private function readOne( string $query, array $flags, int $timeoutMs ) {
		$args = array_merge( [ 'GRAPH.RO_QUERY', $this->graph, $query ], $flags, [ 'TIMEOUT', $timeoutMs ] );
		$reply = $this->connection()->command( $args, $timeoutMs + 1000, self::MAX_REPLY_BYTES );
		$error = $reply instanceof RespError ? $reply : null;
		foreach ( is_array( $reply ) ? $reply : [] as $part ) {
			$error ??= $part instanceof RespError ? $part : null;
		}
		if ( !$error ) {
			return $reply;
		}
		if ( preg_match( '/empty key/i', $error->message ) ) {
			return null;
		}
		throw new StoreQueryError( self::readErrorKind( $error->message ), $error->message );
	}

	/** An error reply to a read is the caller's query's fault unless the server cannot answer now. */
	private static function readErrorKind( string $message ): string {
		if ( preg_match( '/timed out/i', $message ) ) {
			return 'timeout';
		}
		// The query is fine but needs more memory than FalkorDB lets one query use (QUERY_MEM_CAPACITY).
		if ( preg_match( '/mem consumption exceeded capacity/i', $message ) ) {
			return 'tooExpensive';
		}
		if ( preg_match( '/RO_QUERY|read-only/i', $message ) ) {
			return 'readOnly';
		}
		return preg_match( self::SERVER_CONDITION, $message ) ? 'unavailable' : 'syntax';
	}
}
