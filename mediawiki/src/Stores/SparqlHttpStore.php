<?php
/**
 * A SPARQL 1.1 Protocol server (the Oxigraph server) as a store of the MediaWiki host
 * (docs/stores.md, "The HTTP store"): queries POSTed to `/query`, a page's graph replaced by one
 * SPARQL Update request (one transaction: `DROP SILENT GRAPH` then `INSERT DATA`), bulk loads POSTed
 * to `/store`. Every exchange is bounded by a timeout, so a slow store never holds an Apache worker
 * longer than the query's tier. No method throws: each answers `{ok: true, ...}` or
 * `{ok: false, kind, status, detail}` with the kinds of the reference host: a 2xx answer and any
 * other status (kind `errorReply`) go on as they came, for the core to read (src/sparql/answer.rs).
 */

namespace MediaWiki\Extension\Strata\Stores;

class SparqlHttpStore {
	private const RESULTS_JSON = 'application/sparql-results+json';
	private const UPDATE_TIMEOUT_MS = 60000;

	public function __construct( private string $url ) {
		$this->url = rtrim( $url, '/' );
	}

	public function query( string $sparql, int $timeoutMs ): array {
		$answer = self::exchange( "{$this->url}/query", 'application/sparql-query', $sparql, $timeoutMs, self::RESULTS_JSON );
		return $answer['ok'] ? [ 'ok' => true, 'contentType' => $answer['contentType'], 'body' => $answer['body'] ] : $answer;
	}

	/**
	 * Replaces the graph $graph with the core's TriG of it (one graph block, with `@prefix` lines),
	 * written as a SPARQL Update; an empty TriG drops the graph.
	 */
	public function replaceGraph( string $graph, string $trig ): array {
		if ( !self::isIri( $graph ) ) {
			return self::failure( 'syntax', null, "not an absolute graph IRI: $graph" );
		}
		$prefixes = [];
		$rest = preg_replace_callback( '/^@prefix\s+([^\s]*:)\s*(<[^>]*>)\s*\.\s*$/m', static function ( $m ) use ( &$prefixes ) {
			$prefixes[] = "PREFIX {$m[1]} {$m[2]}";
			return '';
		}, $trig );
		$rest = trim( $rest );
		if ( $rest === '' ) {
			return $this->dropGraph( $graph );
		}
		$open = "<$graph>";
		if ( !str_starts_with( $rest, $open ) || !str_ends_with( $rest, '}' ) || ltrim( substr( $rest, strlen( $open ) ) )[0] !== '{' ) {
			return self::failure( 'syntax', null, "the TriG is not one block of the graph <$graph>" );
		}
		$body = substr( ltrim( substr( $rest, strlen( $open ) ) ), 1, -1 );
		return $this->update( implode( "\n", $prefixes ) . "\nDROP SILENT GRAPH $open ;\nINSERT DATA { GRAPH $open {\n$body\n} }" );
	}

	public function dropGraph( string $graph ): array {
		return self::isIri( $graph ) ? $this->update( "DROP SILENT GRAPH <$graph>" ) : self::failure( 'syntax', null, "not an absolute graph IRI: $graph" );
	}

	public function clear(): array {
		return $this->update( 'DROP ALL' );
	}

	public function loadBulk( string $trig ): array {
		return self::written( self::exchange( "{$this->url}/store", 'application/trig', $trig, self::UPDATE_TIMEOUT_MS ) );
	}

	private function update( string $sparql ): array {
		return self::written( self::exchange( "{$this->url}/update", 'application/sparql-update', $sparql, self::UPDATE_TIMEOUT_MS ) );
	}

	private static function written( array $answer ): array {
		return $answer['ok'] ? [ 'ok' => true ] : $answer;
	}

	/** An absolute IRI that can stand between `<` and `>` in SPARQL text. */
	private static function isIri( string $iri ): bool {
		return (bool)preg_match( '/^[a-zA-Z][a-zA-Z0-9+.-]*:[^<>"{}|^`\\\\\s]*$/', $iri );
	}

	/** One POST, the whole answer read within $timeoutMs: `{ok: true, status, contentType, body}` for a 2xx. */
	private static function exchange( string $url, string $contentType, string $body, int $timeoutMs, ?string $accept = null ): array {
		$headers = "Content-Type: $contentType\r\n" . ( $accept ? "Accept: $accept\r\n" : '' ) . "Connection: close\r\n";
		$context = stream_context_create( [ 'http' => [
			'method' => 'POST', 'header' => $headers, 'content' => $body, 'timeout' => $timeoutMs / 1000,
			'ignore_errors' => true, 'protocol_version' => 1.1,
		] ] );
		$started = microtime( true );
		$stream = @fopen( $url, 'r', false, $context );
		if ( !$stream ) {
			$error = error_get_last()['message'] ?? 'no answer';
			return self::failure( 'unavailable', null, microtime( true ) - $started >= $timeoutMs / 1000 ? "no answer within $timeoutMs ms" : $error );
		}
		$text = stream_get_contents( $stream );
		$meta = stream_get_meta_data( $stream );
		fclose( $stream );
		if ( $text === false || ( $meta['timed_out'] ?? false ) ) {
			return self::failure( 'unavailable', null, "no answer within $timeoutMs ms" );
		}
		$status = 0;
		$type = '';
		foreach ( $meta['wrapper_data'] ?? [] as $line ) {
			if ( preg_match( '#^HTTP/\S+\s+(\d{3})#', $line, $m ) ) {
				$status = (int)$m[1];
			} elseif ( stripos( $line, 'content-type:' ) === 0 ) {
				$type = trim( substr( $line, 13 ) );
			}
		}
		if ( $status < 200 || $status >= 300 ) {
			return self::failure( 'errorReply', $status ?: null, $text );
		}
		return [ 'ok' => true, 'status' => $status, 'contentType' => $type, 'body' => $text ];
	}

	private static function failure( string $kind, ?int $status, string $detail ): array {
		return [ 'ok' => false, 'kind' => $kind, 'status' => $status, 'detail' => mb_substr( $detail, 0, 2000 ) ];
	}
}
