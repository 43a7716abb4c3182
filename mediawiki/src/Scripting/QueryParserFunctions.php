<?php
/**
 * The parser functions `{{#strata_cypher: query | $name = value ...}}` and `{{#strata_sparql: query}}`
 * (docs/scripting.md):
 * the query's result as the core's table, a refused or failed query as the core's error message. Each
 * counts as an expensive parser function, and a page that runs one is not kept in the parser cache, as
 * its result changes with the store and with the reader's strata-query right.
 */

namespace MediaWiki\Extension\Strata\Scripting;

use Html;
use Parser;
use PPFrame;

class QueryParserFunctions {
	public static function onParserFirstCallInit( Parser $parser ): void {
		$parser->setFunctionHook( 'strata_cypher', static function ( Parser $parser, PPFrame $frame, array $args ) {
			return self::run( $parser, $frame, $args, 'cypher' );
		}, Parser::SFH_OBJECT_ARGS );
		$parser->setFunctionHook( 'strata_sparql', static function ( Parser $parser, PPFrame $frame, array $args ) {
			return self::run( $parser, $frame, $args, 'sparql' );
		}, Parser::SFH_OBJECT_ARGS );
	}

	/**
	 * The arguments go to the core as the parser split them at each `|`: the core joins the query
	 * again and takes the last `$name = value` arguments as its Cypher parameters.
	 */
	private static function run( Parser $parser, PPFrame $frame, array $args, string $language ): array {
		$arguments = array_map( static fn ( $arg ) => $frame->expand( $arg ), $args );
		$parser->getOutput()->updateCacheExpiry( 0 );
		if ( !$parser->incrementExpensiveFunctionCount() ) {
			$html = Html::element( 'strong', [ 'class' => 'error strata-query-error' ],
				wfMessage( 'strata-query-too-many' )->inContentLanguage()->text() );
		} else {
			$html = (string)ScriptCalls::query( $parser, $language, [ 'arguments' => $arguments ] )['html'];
		}
		return [ $html, 'noparse' => true, 'isHTML' => true ];
	}
}
