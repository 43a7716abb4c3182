<?php
/**
 * Every /rest.php/strata/v0/... route (and the OpenAPI route): the request, MediaWiki's facts about
 * the caller and the CSRF check are handed to the core's handleRoute, whose answer is written back
 * unchanged. Read and write permission and conditional requests are the core's decision (it answers
 * rest-read-denied and 412 itself), so MediaWiki's own read/write gates and precondition check are off
 * for these routes. An answer the core declared reusable is kept and served again while what it was
 * read from stands (`ReusedAnswers`). What the core's route table declares of each route
 * (`RouteDeclarations`, written from it): whether its answers may be reused (no kept answer is
 * looked for otherwise) and the caller's rights it asks (`CallerFacts`).
 */

namespace MediaWiki\Extension\Strata\Rest;

use DeferredUpdates;
use LoggedOutEditToken;
use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use MediaWiki\Rest\Handler;
use MediaWiki\Rest\Response;
use MediaWiki\Rest\StringStream;

class CoreRouteHandler extends Handler {
	/** Request headers the core never sees: the session secret. */
	private const WITHHELD_HEADERS = [ 'cookie' ];

	public function execute(): Response {
		$request = $this->getRequest();
		$headers = $this->forwardedHeaders();
		$route = $request->getMethod() . ' ' . $this->getConfig()['path'];
		$reuse = RouteDeclarations::REUSABLE[$route] ?? null;
		$reused = $reuse !== null
			? ReusedAnswers::forRequest( $request->getMethod(), $this->relativePath(), $request->getQueryParams(), $reuse ) : null;
		$kept = $reused?->find( $headers, $this->getAuthority() );
		if ( $kept !== null ) {
			return $this->respond( $kept );
		}
		$caller = CallerFacts::of( $this->getAuthority(), RouteDeclarations::RIGHTS_ASKED[$route] ?? null );
		$caller['csrfValid'] = $this->csrfValid();
		// A request that declares no body has none: PHP's input stream is not opened for it (issue 31).
		$declared = $request->hasHeader( 'content-length' ) || $request->hasHeader( 'transfer-encoding' );
		$body = $declared ? (string)$request->getBody() : '';
		// Bytes that are not UTF-8 cannot travel as JSON text: the core is told, and refuses them.
		$utf8 = mb_check_encoding( $body, 'UTF-8' );
		$routeRequest = [
			'method' => $request->getMethod(),
			'path' => $this->relativePath(),
			'query' => (object)$request->getQueryParams(),
			'headers' => (object)$headers,
			'body' => $utf8 ? $body : null,
			'bodyNotUtf8' => !$utf8,
			'caller' => $caller,
		];
		try {
			$answer = CoreGateway::forRequest( $this->getAuthority() )->handleRoute( $routeRequest );
			$reused?->keep( $answer );
		} catch ( CoreUnavailable $e ) {
			$answer = [
				'status' => 501,
				'headers' => [ 'content-type' => 'application/json' ],
				'body' => json_encode( [ 'errorType' => 'core-unavailable', 'message' => $e->getMessage() ] ),
			];
		}
		return $this->respond( $answer );
	}

	/** The path below /rest.php, still percent-encoded, as the core's route table expects it. */
	private function relativePath(): string {
		$path = $this->getRequest()->getUri()->getPath();
		$at = strpos( $path, '/rest.php' );
		return $at === false ? $path : substr( $path, $at + strlen( '/rest.php' ) );
	}

	private function forwardedHeaders(): array {
		$headers = [];
		foreach ( $this->getRequest()->getHeaders() as $name => $values ) {
			$name = strtolower( $name );
			if ( !in_array( $name, self::WITHHELD_HEADERS, true ) ) {
				$headers[$name] = implode( ', ', $values );
			}
		}
		return $headers;
	}

	/**
	 * Whether X-CSRF-TOKEN carries this session's edit token; the core decides which routes need it.
	 * As in MediaWiki's own forms and api.php (`CsrfTokenSet`), an anonymous caller's token is the
	 * fixed `+\`, and a user's session that never handed out a token matches none.
	 */
	private function csrfValid(): bool {
		$token = $this->getRequest()->getHeaderLine( 'x-csrf-token' );
		$session = $this->getSession();
		if ( $token === '' ) {
			return false;
		}
		if ( !$session->getUser()->isRegistered() ) {
			return ( new LoggedOutEditToken() )->match( $token );
		}
		return $session->hasToken() && $session->getToken()->match( $token );
	}

	private function respond( array $answer ): Response {
		$response = $this->getResponseFactory()->create();
		$response->setStatus( (int)$answer['status'] );
		foreach ( $answer['headers'] ?? [] as $name => $value ) {
			$response->setHeader( $name, $value );
		}
		$body = (string)$answer['body'];
		$response->setBody( new StringStream( $body ) );
		$this->releaseBeforePostSend( $response, strlen( $body ) );
		return $response;
	}

	/**
	 * When MediaWiki has work to do after the response (a save's post-send updates: links tables,
	 * recent changes, search index), the client is told the body's length and that the connection
	 * closes, so it has its answer once the body is sent instead of waiting for that work, as
	 * api.php and index.php do (MediaWiki::outputResponsePayload); rest.php of MediaWiki 1.39 does
	 * not. Compression is turned off for such a response, since it would change the length.
	 */
	private function releaseBeforePostSend( Response $response, int $length ): void {
		if ( DeferredUpdates::pendingUpdatesCount() === 0 || in_array( $response->getStatusCode(), [ 204, 304 ], true ) ) {
			return;
		}
		if ( function_exists( 'apache_setenv' ) ) {
			// phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged
			@apache_setenv( 'no-gzip', '1' );
		}
		$response->setHeader( 'Content-Length', (string)$length );
		$response->setHeader( 'Connection', 'close' );
	}

	/**
	 * The core judges If-Match and If-None-Match against the revision it reads (docs/api.md). MediaWiki's
	 * own check knows no ETag for these routes, so it would refuse every If-Match with 412 before the
	 * core saw the request.
	 */
	public function checkPreconditions() {
		return null;
	}

	public function needsReadAccess() {
		return false;
	}

	public function needsWriteAccess() {
		return false;
	}
}
