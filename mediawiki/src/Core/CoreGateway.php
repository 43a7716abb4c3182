<?php
/**
 * The wasm core inside this PHP process, through the PHP bridge (`bridge/` of the extension folder,
 * laid out by scripts/dist.sh), with the Host operations answered by MediaWiki's services for one
 * caller (Host\MediaWikiHost). The module is loaded and instantiated once per process (an Apache
 * worker keeps the instance across requests, as the reference host keeps its one instance; a trap
 * replaces it) from the precompiled file in `$wgStrataCacheDirectory` (default
 * `$wgCacheDirectory/strata`; a folder others could write is refused and logged, docs/mediawiki.md,
 * "The precompiled module"). The module is the folder's `core/strata.wasm` and wasmtime's library
 * its `lib/libwasmtime.so`, unless `$wgStrataModuleFile` and `$wgStrataWasmtimeLibrary` name others.
 * FFI is usable with `ffi.enable=1`, on the command line, or with `ffi.enable=preload` in a server
 * that preloads `bridge/preload.php` (docs/mediawiki.md, "PHP FFI"). Without the bridge, the module
 * or FFI, every call throws CoreUnavailable, and the REST routes answer 501 `core-unavailable` as the
 * reference host does without a built core.
 */

namespace MediaWiki\Extension\Strata\Core;

use Config;
use MediaWiki\Extension\Strata\Host\MediaWikiHost;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\Authority;
use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use Strata\Bridge\Wasmtime;

class CoreGateway {
	/** The core of this process, once loaded. */
	private static ?Core $core = null;
	private Authority $authority;

	private function __construct( Authority $authority ) {
		$this->authority = $authority;
	}

	public static function forRequest( Authority $authority ): self {
		return new self( $authority );
	}

	/** The extension folder (scripts/dist.sh lays it out). */
	private static function extensionDir(): string {
		return dirname( __DIR__, 2 );
	}

	/** The bridge's entry file, in the extension folder. */
	public static function bridgeFile(): string {
		return self::extensionDir() . '/bridge/autoload.php';
	}

	/** The core's module: `$wgStrataModuleFile`, else the extension folder's `core/strata.wasm`. */
	public static function moduleFile(): string {
		return MediaWikiServices::getInstance()->getMainConfig()->get( 'StrataModuleFile' ) ?? self::extensionDir() . '/core/strata.wasm';
	}

	/** wasmtime's C library: `$wgStrataWasmtimeLibrary`, else the extension folder's `lib/libwasmtime.so`. */
	public static function wasmtimeLibrary(): string {
		return MediaWikiServices::getInstance()->getMainConfig()->get( 'StrataWasmtimeLibrary' ) ?? self::extensionDir() . '/lib/libwasmtime.so';
	}

	/** A second instance of this process, for calls made while the first runs. */
	private static ?Core $spare = null;

	/**
	 * The core of this process, loaded on first use. A call made while it runs (a page parsed inside a
	 * save the core asked for may call it again, from a parser function; a store's state moved by the
	 * core during `updateStores`) gets a second instance, kept too: making one costs about 2 ms, a
	 * call to it about 0.03 ms. A call made while both run gets a fresh one.
	 */
	public static function core(): Core {
		$core = self::$core ??= self::load();
		if ( !$core->running() ) {
			return $core;
		}
		$spare = self::$spare ??= self::load();
		return $spare->running() ? self::load() : $spare;
	}

	/**
	 * Whether this process may call FFI's API: always with `ffi.enable=1`; with `preload`, on the
	 * command line, or in a server that preloaded the bridge (its classes exist before any autoload).
	 */
	private static function ffiUsable(): bool {
		if ( !extension_loaded( 'ffi' ) ) {
			return false;
		}
		$mode = strtolower( (string)ini_get( 'ffi.enable' ) );
		if ( in_array( $mode, [ '1', 'on', 'true', 'yes' ], true ) ) {
			return true;
		}
		return $mode === 'preload' && ( PHP_SAPI === 'cli' || class_exists( Core::class, false ) );
	}

	/**
	 * Makes the bridge's classes (`Strata\Bridge\...`) loadable, without loading the core: what
	 * needs only the bridge's PHP (`VerifiedFiles`) asks this. Throws CoreUnavailable without the bridge.
	 */
	public static function requireBridge(): void {
		if ( !is_file( self::bridgeFile() ) ) {
			throw new CoreUnavailable( 'The Strata core is not loaded in MediaWiki: the PHP bridge (bridge/) is missing from the extension folder.' );
		}
		require_once self::bridgeFile();
	}

	private static function load(): Core {
		self::requireBridge();
		if ( !self::ffiUsable() ) {
			throw new CoreUnavailable( 'The Strata core is not loaded in MediaWiki: PHP\'s FFI is not usable here (ffi.enable=1, or ffi.enable=preload with opcache.preload of the extension\'s bridge/preload.php).' );
		}
		$config = MediaWikiServices::getInstance()->getMainConfig();
		Wasmtime::useLibrary( self::wasmtimeLibrary() );
		$module = self::moduleFile();
		try {
			$core = Core::open( $module, self::cacheDirectory( $config ) );
		} catch ( \Throwable $e ) {
			throw new CoreUnavailable( 'The Strata core could not be loaded: ' . $e->getMessage(), 0, $e );
		}
		$refusal = $core->instance->compiled->refusal;
		if ( $refusal !== null ) {
			LoggerFactory::getInstance( 'Strata' )->warning( "The precompiled module is not kept: $refusal. The module is compiled in memory by every process." );
		}
		return $core;
	}

	/**
	 * `$wgStrataCacheDirectory`, else `$wgCacheDirectory/strata`; without either the module is
	 * compiled in memory: never in a shared temporary folder, where others could plant machine code.
	 */
	private static function cacheDirectory( Config $config ): string {
		$own = $config->get( 'StrataCacheDirectory' );
		$wiki = $config->get( 'CacheDirectory' );
		return $own ?? ( $wiki ? "$wiki/strata" : Core::IN_MEMORY );
	}

	/** One handleRoute call: the request array in, `{status, headers, body}` out. */
	public function handleRoute( array $request ): array {
		return self::decode( $this->withHost( fn ( Core $core, MediaWikiHost $host ) => $core->handleRoute( self::encode( $request ), $host ) ) );
	}

	/**
	 * One handlePageAction call (docs/page-actions.md): `{ok: true, result}`, or for a refusal (the
	 * core's StrataError) `{ok: false, error: {code, info, ...details}}` as api.php reports it.
	 */
	public function handlePageAction( array $request ): array {
		try {
			$answer = $this->withHost( fn ( Core $core, MediaWikiHost $host ) => $core->handlePageAction( self::encode( $request ), $host ) );
			return [ 'ok' => true, 'result' => self::decode( $answer ) ];
		} catch ( StrataError $e ) {
			$details = is_array( $e->details ) ? $e->details : [];
			return [ 'ok' => false, 'error' => [ 'code' => $e->errorCode, 'info' => $e->getMessage() ] + $details ];
		}
	}

	/**
	 * One of the core's pure renderers (`renderPage`, `renderSchema`, `renderList`; src/render/): the
	 * request array in, HTML out, with this wiki's source key. A refusal throws StrataError.
	 */
	public static function render( string $export, array $request ): string {
		$core = self::core();
		$options = self::encode( [ 'sourceKey' => MediaWikiServices::getInstance()->getMainConfig()->get( 'StrataSourceKey' ) ] );
		return match ( $export ) {
			'renderPage' => $core->renderPage( self::encode( $request ), $options ),
			'renderSchema' => $core->renderSchema( self::encode( $request ), $options ),
			'renderList' => $core->renderList( self::encode( $request ) ),
		};
	}

	/** What changed between two Subject slots (null: none), as the core's JSON (`diffSubjects`). */
	public static function diffSubjects( ?string $old, ?string $new ): string {
		$options = self::encode( [ 'sourceKey' => MediaWikiServices::getInstance()->getMainConfig()->get( 'StrataSourceKey' ) ] );
		return self::core()->diffSubjects( $old, $new, $options );
	}

	/** Projects pages saved or deleted without the core (`docs/stores.md`) into the stores; never fails. */
	public function projectPageChanges( array $changes ): void {
		$this->withHost( fn ( Core $core, MediaWikiHost $host ) => $core->projectPageChanges( self::encode( [ 'changes' => $changes ] ), $host ) );
	}

	/**
	 * One call of the core (loaded first: the host implements the bridge's interface) answered by a
	 * host for this caller; what the call's writes left open is ended after it.
	 */
	private function withHost( callable $call ): string {
		$core = self::core();
		$services = MediaWikiServices::getInstance();
		$host = new MediaWikiHost( $services, $services->getUserFactory()->newFromAuthority( $this->authority ) );
		try {
			return $call( $core, $host );
		} finally {
			$host->finish();
		}
	}

	private static function encode( array $value ): string {
		return json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR );
	}

	private static function decode( string $json ): array {
		return json_decode( $json, true, 512, JSON_THROW_ON_ERROR );
	}
}
