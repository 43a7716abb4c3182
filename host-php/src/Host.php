<?php
/**
 * The host's side of the Host port (docs/architecture.md): one method per operation of the table in
 * src/host/mod.rs, named as the operation. Each takes the operation's arguments decoded from JSON
 * (objects as associative arrays) and returns its result, which the bridge encodes as JSON: return
 * `new \stdClass()` (or an object) where the result is a JSON object that may be empty.
 * A test checks these methods against the module's `hostOperations`.
 */

declare(strict_types=1);

namespace Strata\Bridge;

interface Host
{
    /** `{}` → Settings */
    public function config(array $args): mixed;

    /** `{pageId}` → PageRecord or null */
    public function pageById(array $args): mixed;

    /** `{namespace, title}` → PageRecord or null */
    public function pageByTitle(array $args): mixed;

    /** `{revisionId}` → RevisionRecord or null */
    public function revision(array $args): mixed;

    /** `{ids}` → `{<id>: {pageId, schema, readable}}` */
    public function subjectsInfo(array $args): mixed;

    /** `{namespace, title}` → `{allowed, exists, readable}` */
    public function canCreate(array $args): mixed;

    /** `{saves}` → `{ok: true, results}` or `{ok: false, conflict, index}`; all saves or none */
    public function savePages(array $args): mixed;

    /** `{pageId, baseRevisionId, comment}` → `{ok: true, logId}` or `{ok: false, conflict}` */
    public function deletePage(array $args): mixed;

    /** `{namespace, after, limit, prefix}` → `{pages}` */
    public function listPages(array $args): mixed;

    /** `{}` → `{stores}` */
    public function graphStores(array $args): mixed;

    /** `{name}` → `{outcome, run}` */
    public function startRebuild(array $args): mixed;

    /** `{name}` → `{run}` */
    public function cancelRebuild(array $args): mixed;

    /** One keyset page of the Subject index (docs/lists.md). */
    public function listSubjects(array $args): mixed;

    /** Recently edited Subjects (docs/lists.md). */
    public function recentlyEdited(array $args): mixed;

    /** Subjects per Schema (docs/lists.md). */
    public function subjectCounts(array $args): mixed;

    /** Subject rows matched by label (docs/lists.md). */
    public function subjectLabels(array $args): mixed;

    /** Subjects whose relations point at a Subject (docs/lists.md). */
    public function referencingSubjects(array $args): mixed;

    /** Index rows of the given Subjects (docs/lists.md). */
    public function subjectRows(array $args): mixed;

    /** `{query, timeoutMs}` → the SPARQL store's answer */
    public function sparqlQuery(array $args): mixed;

    /** `{query, timeoutMs, maxRows}` → the graph database's answer */
    public function cypherQuery(array $args): mixed;

    /** `{kind, waitMs}` → `{pending}`: waits, within `waitMs`, for the store writes pending now */
    public function awaitProjection(array $args): mixed;

    /** `{updates, stale}` → null; never fails */
    public function updateStores(array $args): mixed;

    /** `{action}` → `{limited}` */
    public function hitRateLimit(array $args): mixed;

    /** `{level, message}` → null */
    public function log(array $args): mixed;

    /** `{}` → `{timestamp}` */
    public function now(array $args): mixed;

    /** `{title, text}` → `{html}` by the host's wikitext parser, or null: the core draws its wikitext subset */
    public function parseWikitext(array $args): mixed;

    /** `{source, path, timeoutMs, maxBytes}` → `{status, body}` or `{failure}`; never fails (docs/federation.md) */
    public function fetchSource(array $args): mixed;
}
