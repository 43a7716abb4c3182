<?php
/**
 * The wasm core inside this PHP process, through the project's PHP bridge (host-php/, issue 12),
 * with the Host operations answered by MediaWiki's services for one caller. Until the bridge is
 * installed beside the extension, every call throws CoreUnavailable, and the REST routes answer 501
 * `core-unavailable` as the reference host does without a built core.
 */

namespace MediaWiki\Extension\Strata\Core;

use MediaWiki\Permissions\Authority;

class CoreGateway {
	private Authority $authority;

	private function __construct( Authority $authority ) {
		$this->authority = $authority;
	}

	public static function forRequest( Authority $authority ): self {
		return new self( $authority );
	}

	/** The bridge's entry file, in the repository the extension folder belongs to. */
	public static function bridgeFile(): string {
		return dirname( __DIR__, 3 ) . '/host-php/src/autoload.php';
	}

	/** One handleRoute call: the request array in, `{status, headers, body}` out. */
	public function handleRoute( array $request ): array {
		return $this->call( 'handleRoute', $request );
	}

	/** One handlePageAction call (docs/page-actions.md): `{ok, result}` or `{ok: false, error}`. */
	public function handlePageAction( array $request ): array {
		return $this->call( 'handlePageAction', $request );
	}

	private function call( string $export, array $request ): array {
		if ( !is_file( self::bridgeFile() ) ) {
			throw new CoreUnavailable(
				'The Strata core is not loaded in MediaWiki: the PHP bridge (host-php/) is not installed ' .
				'beside the extension yet, so ' . $export . ' cannot run.'
			);
		}
		throw new CoreUnavailable( "The PHP bridge is present but not wired to $export yet." );
	}
}
