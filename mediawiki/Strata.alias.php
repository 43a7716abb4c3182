<?php
/**
 * The names of Strata's special pages.
 */

$specialPageAliases = [];

$specialPageAliases['en'] = [
	'CreateSubject' => [ 'CreateSubject' ],
];
