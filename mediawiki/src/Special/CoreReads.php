<?php
/**
 * GET requests of the core's REST API made by a special page for its reader, answered by the core in
 * this process (no HTTP): the same lists, permissions and errors a REST client gets.
 */

namespace MediaWiki\Extension\Strata\Special;

use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Permissions\Authority;

class CoreReads {
	/** How many items one read of a whole list asks for at a time. */
	private const BATCH = 500;

	public function __construct( private Authority $authority ) {
	}

	/** `{status, body}` of `GET /rest.php{path}?{query}`, the body decoded. */
	public function get( string $path, array $query = [] ): array {
		$answer = CoreGateway::forRequest( $this->authority )->handleRoute( [
			'method' => 'GET',
			'path' => $path,
			'query' => (object)$query,
			'headers' => (object)[ 'accept' => 'application/json' ],
			'body' => null,
			'bodyNotUtf8' => false,
			'caller' => CallerFacts::of( $this->authority ) + [ 'csrfValid' => false ],
		] );
		$body = json_decode( (string)( $answer['body'] ?? '' ), true );
		return [ 'status' => (int)$answer['status'], 'body' => is_array( $body ) ? $body : [] ];
	}

	/** Every item of a paged list (`{key: [...], nextCursor}`), following the cursor. */
	public function whole( string $path, string $key ): array {
		$items = [];
		$cursor = null;
		do {
			$read = $this->get( $path, [ 'limit' => (string)self::BATCH ] + ( $cursor === null ? [] : [ 'cursor' => $cursor ] ) );
			if ( $read['status'] !== 200 ) {
				break;
			}
			array_push( $items, ...( $read['body'][$key] ?? [] ) );
			$cursor = $read['body']['nextCursor'] ?? null;
		} while ( $cursor !== null );
		return $items;
	}
}
