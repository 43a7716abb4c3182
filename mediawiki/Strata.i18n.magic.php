<?php
/**
 * The magic words of the query parser functions (docs/scripting.md), case-insensitive.
 */

$magicWords = [];

$magicWords['en'] = [
	'strata_cypher' => [ 0, 'strata_cypher' ],
	'strata_sparql' => [ 0, 'strata_sparql' ],
];
