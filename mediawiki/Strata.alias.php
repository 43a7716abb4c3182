<?php
/**
 * The names of Strata's special pages.
 */

$specialPageAliases = [];

$specialPageAliases['en'] = [
	'Subjects' => [ 'Subjects' ],
	'Schemas' => [ 'Schemas' ],
	'CreateSubject' => [ 'CreateSubject' ],
];
