<?php
/**
 * FalkorDB as a graph store of the MediaWiki host (docs/stores.md): the core's write statements with
 * GRAPH.QUERY, reads with GRAPH.RO_QUERY --compact and the graph's catalog, and the build marker
 * kept beside the graph. It moves bytes only: the core writes every query text and decodes the
 * replies, an error reply of the server included (passed on as kind `errorReply`,
 * src/graph/reply_error.rs). Reads go to the read URL, a replica of the server where there is one
 * (docs/scale-out.md); writes, the content marker and the indexes to the server itself. FalkorDB's TIMEOUT argument stops a query on the server; the connection
 * gives up a second later, so no request waits on the store for longer than its tier allows.
 */

namespace MediaWiki\Extension\Strata\Stores;

class FalkorDbStore {
	/** The most a read may send back (docs/graph.md). */
	public const MAX_REPLY_BYTES = 32 * 1024 * 1024;
	private const CONNECT_MS = 5000;
	private ?RespConnection $connection = null;
	/** The read URL's connection, when it is not the server's own. */
	private ?RespConnection $readConnection = null;
	/** The connection the index statements ran on: a new one runs them before its first write. */
	private ?RespConnection $indexedOn = null;

	/**
	 * @param list<string> $indexes the core's index statements (`graphIndexes`), which createIndexes runs
	 * @param ?string $readUrl where reads go (a replica); null: $url
	 * @param ?GraphIndexMemo $memo where the server remembers that the graph has them (none: every
	 *   connection runs them before its first write)
	 */
	public function __construct( private string $url, private string $graph, private array $indexes = [],
		private ?string $readUrl = null, private int $timeoutMs = 30000, private ?GraphIndexMemo $memo = null
	) {
	}

	private function connection(): RespConnection {
		return $this->connection ??= new RespConnection( $this->url, self::CONNECT_MS );
	}

	private function readConnection(): RespConnection {
		if ( $this->readUrl === null || $this->readUrl === $this->url ) {
			return $this->connection();
		}
		return $this->readConnection ??= new RespConnection( $this->readUrl, self::CONNECT_MS );
	}

	public function close(): void {
		$this->connection?->close();
		$this->readConnection?->close();
		$this->connection = null;
		$this->readConnection = null;
	}

	/**
	 * Runs the core's index statements again (a rebuild's start: the graph may have been deleted
	 * since they ran); a store answers an error for an index it has, which is ignored.
	 */
	public function createIndexes(): void {
		$this->indexedOn = null;
		$this->indexFirst( true );
	}

	/**
	 * Before the first write on each connection (this request's, or a new one after a failure
	 * closed it), the index statements, pipelined, unless the server remembers that the graph has
	 * them ($memo; $always: run them anyway); "already indexed" is ignored. null, or the failure of
	 * a connection that could not be used.
	 */
	private function indexFirst( bool $always = false ): ?array {
		try {
			$connection = $this->connection();
		} catch ( RespFailure $e ) {
			return $this->transportFailure( $e );
		}
		if ( $this->indexedOn === $connection ) {
			return null;
		}
		$this->indexedOn = $connection;
		if ( !$always && $this->memo?->made( $this->url, $this->graph, $this->indexes ) ) {
			return null;
		}
		$outcome = $this->pipelined( $this->indexes );
		if ( !$outcome['ok'] && $outcome['kind'] !== 'errorReply' ) {
			return $outcome;
		}
		$this->memo?->remember( $this->url, $this->graph, $this->indexes );
		return null;
	}

	/**
	 * Sends every statement at once, then reads every reply (a save's statements and a rebuild's
	 * batch): one round trip instead of one per statement, as the reference host's writes are
	 * pipelined. A statement after a failed one still runs (the store is stale then anyway).
	 * `{ok}` or the first failure.
	 */
	public function runAll( array $statements ): array {
		return $this->indexFirst() ?? $this->pipelined( $statements );
	}

	private function pipelined( array $statements ): array {
		$commands = array_map( fn ( $s ) => [ 'GRAPH.QUERY', $this->graph, $s, 'TIMEOUT', $this->timeoutMs ], $statements );
		try {
			$replies = $commands === [] ? [] : $this->connection()->pipeline( $commands, $this->timeoutMs + 1000 );
		} catch ( RespFailure $e ) {
			return $this->transportFailure( $e );
		}
		foreach ( $replies as $reply ) {
			if ( $reply instanceof RespError ) {
				return self::failure( 'errorReply', $reply->message );
			}
		}
		return [ 'ok' => true ];
	}

	/** The `{ok: false}` answer of $command's failure, or null when it succeeded. */
	private function check( callable $command ): ?array {
		try {
			$reply = $command();
		} catch ( RespFailure $e ) {
			return $this->transportFailure( $e );
		}
		return $reply instanceof RespError ? self::failure( 'errorReply', $reply->message ) : null;
	}

	/**
	 * A command that got no reply: the connection is dropped (the next call opens a new one), and the
	 * failure goes on with the transport's kind (`timeout`, `tooLarge`, `unavailable`), which the core
	 * reads (src/app/query/mod.rs, `store_failure`).
	 */
	private function transportFailure( RespFailure $e ): array {
		$this->close();
		return self::failure( $e->kind, $e->getMessage() );
	}

	private static function failure( string $kind, string $detail ): array {
		return [ 'ok' => false, 'kind' => $kind, 'detail' => $detail ];
	}

	/** `{exists, marker}`: whether the graph key exists, and the build marker stored beside it. */
	public function contentMarker(): array {
		[ $exists, $marker ] = $this->connection()->pipeline( [ [ 'EXISTS', $this->graph ], [ 'GET', $this->graph . ':strata-build' ] ], self::CONNECT_MS );
		return [ 'exists' => $exists === 1, 'marker' => is_string( $marker ) ? $marker : null ];
	}

	public function setContentMarker( string $marker ): array {
		return $this->check( fn () => $this->connection()->command( [ 'SET', $this->graph . ':strata-build', $marker ], self::CONNECT_MS ) )
			?? [ 'ok' => true ];
	}

	/**
	 * One read (the core's guarded text), then each of the core's catalog reads ($catalog: `[{key,
	 * query}]`), as the `cypherQuery` answer: `{ok: true, reply, catalog}` (the core keeps the tier's
	 * rows), or `{ok: false, kind, detail}`: kind `errorReply` with the
	 * server's error reply (a graph that does not exist, a syntax error, ...), which the core reads.
	 */
	public function read( string $query, array $catalog, int $timeoutMs ): array {
		try {
			$reply = $this->readOne( $query, [ '--compact' ], $timeoutMs );
			if ( $reply instanceof RespError ) {
				return self::failure( 'errorReply', $reply->message );
			}
			$names = [];
			foreach ( $catalog as $read ) {
				$list = $this->readOne( (string)$read['query'], [], $timeoutMs );
				if ( $list instanceof RespError ) {
					return self::failure( 'errorReply', $list->message );
				}
				$names[(string)$read['key']] = array_map( static fn ( $row ) => $row[0], $list[1] ?? [] );
			}
			return [ 'ok' => true, 'reply' => $reply, 'catalog' => (object)$names ];
		} catch ( RespFailure $e ) {
			return $this->transportFailure( $e );
		}
	}

	/** One RO_QUERY: its reply, or the error reply in it. */
	private function readOne( string $query, array $flags, int $timeoutMs ) {
		$args = array_merge( [ 'GRAPH.RO_QUERY', $this->graph, $query ], $flags, [ 'TIMEOUT', $timeoutMs ] );
		$reply = $this->readConnection()->command( $args, $timeoutMs + 1000, self::MAX_REPLY_BYTES );
		foreach ( is_array( $reply ) ? $reply : [] as $part ) {
			if ( $part instanceof RespError ) {
				return $part;
			}
		}
		return $reply;
	}
}
