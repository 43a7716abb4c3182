<?php
/**
 * PHPUnit's bootstrap for the extension's unit tests (phpunit.xml beside it): the class autoloading
 * MediaWiki would do, read from extension.json's `AutoloadNamespaces` and `TestAutoloadNamespaces`
 * (PSR-4), so the namespaces are declared once, there.
 */

declare( strict_types=1 );

( static function (): void {
	$extension = dirname( __DIR__, 2 );
	$manifest = json_decode( file_get_contents( "$extension/extension.json" ), true, 512, JSON_THROW_ON_ERROR );
	$prefixes = $manifest['AutoloadNamespaces'] + $manifest['TestAutoloadNamespaces'];
	// The longest prefix first: the tests' namespace lies inside the extension's.
	uksort( $prefixes, static fn ( $a, $b ) => strlen( $b ) <=> strlen( $a ) );
	spl_autoload_register( static function ( string $class ) use ( $extension, $prefixes ): void {
		foreach ( $prefixes as $prefix => $dir ) {
			if ( str_starts_with( $class, $prefix ) ) {
				$file = "$extension/$dir" . strtr( substr( $class, strlen( $prefix ) ), '\\', '/' ) . '.php';
				if ( is_file( $file ) ) {
					require_once $file;
				}
				return;
			}
		}
	} );
} )();
