<?php
/**
 * The Scribunto library `mw.ext.strata` (docs/scripting.md): `getSubjects( page )` and
 * `query( language, text, parameters )` for Lua modules, through the same page actions of the core as
 * the parser functions (ScriptCalls). JSON arrays become Lua sequences (from 1) and JSON null is nil;
 * a failed query raises a Lua error with the core's message, which a module may catch with pcall.
 */

namespace MediaWiki\Extension\Strata\Scripting;

use Scribunto_LuaError;
use Scribunto_LuaLibraryBase;
use Title;

class LuaLibrary extends Scribunto_LuaLibraryBase {
	public static function onScribuntoExternalLibraries( string $engine, array &$extraLibraries ): void {
		if ( $engine === 'lua' ) {
			$extraLibraries['mw.ext.strata'] = self::class;
		}
	}

	public function register() {
		return $this->getEngine()->registerInterface( __DIR__ . '/mw.ext.strata.lua', [
			'getSubjects' => [ $this, 'getSubjects' ],
			'query' => [ $this, 'query' ],
		] );
	}

	/**
	 * The Subjects of a page (the page being parsed when none is named), main first, each with
	 * isMainSubject. A string that is not a valid title (`''` too) is a Lua error.
	 */
	public function getSubjects( $page = null ): array {
		$this->checkTypeOptional( 'mw.ext.strata.getSubjects', 1, $page, 'string', null );
		$title = $page === null ? $this->getTitle() : Title::newFromText( $page );
		if ( !$title ) {
			throw new Scribunto_LuaError( "mw.ext.strata.getSubjects: \"$page\" is not a valid page title" );
		}
		try {
			$answer = ScriptCalls::getSubjects( $this->getParser(), $title );
		} catch ( \RuntimeException $e ) {
			throw new Scribunto_LuaError( 'mw.ext.strata.getSubjects: ' . $e->getMessage() );
		}
		return [ self::toLua( $answer['subjects'] ) ];
	}

	/** `{columns, rows, truncated}` (and `boolean` for a SPARQL ASK); a failure is a Lua error. */
	public function query( $language, $text, $parameters = null ): array {
		$this->checkType( 'mw.ext.strata.query', 1, $language, 'string' );
		$this->checkType( 'mw.ext.strata.query', 2, $text, 'string' );
		$this->checkTypeOptional( 'mw.ext.strata.query', 3, $parameters, 'table', null );
		$this->incrementExpensiveFunctionCount();
		$this->getParser()->getOutput()->updateCacheExpiry( 0 );
		$answer = ScriptCalls::query( $this->getParser(), $language, [ 'query' => $text ] + ( $parameters ? [ 'parameters' => $parameters ] : [] ) );
		if ( !$answer['ok'] ) {
			throw new Scribunto_LuaError( "Strata query failed ({$answer['errorType']}): {$answer['message']}" );
		}
		unset( $answer['ok'], $answer['html'] );
		return [ self::toLua( $answer ) ];
	}

	/** JSON lists as Lua sequences (keys from 1); nulls left out, as Lua tables cannot hold nil. */
	private static function toLua( $value ) {
		if ( !is_array( $value ) ) {
			return $value;
		}
		$out = [];
		$isList = array_is_list( $value );
		foreach ( $value as $key => $item ) {
			if ( $item !== null ) {
				$out[$isList ? $key + 1 : $key] = self::toLua( $item );
			}
		}
		return $out;
	}
}
