<?php
/**
 * What the core's route table (src/api/routes.rs) declares of each route beyond its path and methods,
 * for `CoreRouteHandler`. Written by `STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes`, which
 * fails when it drifts from the table: do not edit. Not in extension.json's `RestRoutes`, which
 * MediaWiki's REST router hashes and unserializes on every REST request (issue 31).
 */

namespace MediaWiki\Extension\Strata\Rest;

class RouteDeclarations {
	/** The caller's rights each route asks (`Route::rights_asked`), by "METHOD path"; a route not listed asks every right. */
	public const RIGHTS_ASKED = [
		'GET /specs/v0/module/-' => [ 'read' ],
		'GET /strata/v0/openapi.json' => [ 'read' ],
		'GET /strata/v0/schemas' => [ 'read' ],
		'GET /strata/v0/schema/{schemaName}' => [ 'read' ],
		'GET /strata/v0/schema/{schemaName}/json-schema' => [ 'read' ],
		'GET /strata/v0/schema-names/{search}' => [ 'read' ],
		'GET /strata/v0/subject/{subjectId}' => [ 'read' ],
		'GET /strata/v0/page/{pageId}/subjects' => [ 'read' ],
		'GET /strata/v0/page/{pageId}/mainSubject' => [ 'read' ],
		'GET /strata/v0/page/{pageId}/rdf' => [ 'read' ],
		'GET /strata/v0/subject/{subjectId}/rdf' => [ 'read' ],
		'GET /strata/v0/entity/{subjectId}' => [ 'read' ],
		'GET /strata/v0/graph-stores' => [ 'read', 'strata-admin' ],
		'GET /strata/v0/subjects' => [ 'read' ],
		'GET /strata/v0/recently-edited-subjects' => [ 'read' ],
		'GET /strata/v0/subject-counts' => [ 'read', 'strata-query' ],
		'GET /strata/v0/subject-labels' => [ 'read' ],
		'GET /strata/v0/subject/{subjectId}/referencingSubjects' => [ 'read' ],
		'GET /strata/v0/page/{pageId}/editNotices' => [ 'read' ],
		'GET /strata/v0/layouts' => [ 'read' ],
		'GET /strata/v0/layout/{layoutName}' => [ 'read' ],
		'GET /strata/v0/mappings' => [ 'read' ],
	];

	/**
	 * The routes whose answers the core may declare reusable (`Route::reusable`), with what such an
	 * answer depends on: `pages` (the pages it read) or `index` (the Subject index).
	 */
	public const REUSABLE = [
		'GET /strata/v0/subject/{subjectId}' => 'pages',
		'GET /strata/v0/subjects' => 'index',
	];
}
