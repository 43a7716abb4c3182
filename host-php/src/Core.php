<?php
/**
 * The Strata core in a PHP process: the operations of the wasm module, JSON text in and out, with
 * the same contracts as the wasm-bindgen exports (README, docs/architecture.md). Load it once per
 * process with Core::load(); the module is compiled once per machine and mapped from the cache.
 * Refusals throw StrataError with the export's code; a trap throws TrapError and the next call runs
 * in a fresh instance.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class Core
{
    private static ?self $default = null;

    private function __construct(public readonly Instance $instance)
    {
    }

    /** The project's module (pkg/cabi/strata.wasm), instantiated once per process. */
    public static function load(): self
    {
        return self::$default ??= self::open();
    }

    /** `$cacheDir` of `open` for a module compiled in memory, with no folder. */
    public const IN_MEMORY = '';

    /**
     * A new instance of a module (by default the project's), with its own memory limit in bytes. The
     * precompiled module is kept in $cacheDir (default `CompiledModule::defaultCacheDir()`), or
     * nowhere for `IN_MEMORY`.
     */
    public static function open(?string $wasmPath = null, ?string $cacheDir = null, int $memoryLimit = Instance::MEMORY_LIMIT): self
    {
        $cacheDir ??= CompiledModule::defaultCacheDir();
        $module = CompiledModule::load($wasmPath ?? CompiledModule::defaultWasmPath(), $cacheDir === self::IN_MEMORY ? null : $cacheDir);
        return new self(new Instance($module, $memoryLimit));
    }

    /** Whether one of its operations is running (a host operation may not call it again; open another). */
    public function running(): bool
    {
        return $this->instance->running();
    }

    /** ValidateRequest JSON → ValidateResult JSON. */
    public function validate(string $request, ?string $options = null): string
    {
        return $this->instance->run('validate', [$request, $options]);
    }

    /** PageContent JSON and a `{name: Schema}` JSON map → the stored form's JSON. */
    public function normalizeContent(string $content, ?string $schemas = null, ?string $options = null): string
    {
        return $this->instance->run('normalizeContent', [$content, $schemas, $options]);
    }

    /** `[{title, content}]` and `{name: Schema}` → `{pages: [{subjectSlot, index} | {error}]}`. */
    public function preparePages(string $pages, string $schemas, ?string $options = null): string
    {
        return $this->instance->run('preparePages', [$pages, $schemas, $options]);
    }

    /**
     * The core's title rule: the stored spelling of a title without namespace prefix. An invalid title
     * throws StrataError `invalid-title` with MediaWiki's message key in `details['titleError']`.
     */
    public function normalizeTitle(string $raw): string
    {
        return $this->instance->run('normalizeTitle', [$raw]);
    }

    /** A Subject slot's JSON text → its labels and text values, one per line, for a wiki's search index. */
    public function searchText(string $content, ?string $options = null): string
    {
        return $this->instance->run('searchText', [$content, $options]);
    }

    /** ProjectRdfRequest JSON → TriG or Turtle of one page. */
    public function projectRdf(string $request, ?string $options = null): string
    {
        return $this->instance->run('projectRdf', [$request, $options]);
    }

    /** One batch of a store rebuild (docs/stores.md). */
    public function projectForStore(string $request): string
    {
        return $this->instance->run('projectForStore', [$request]);
    }

    /**
     * @return list<string> the statements a host runs on each new graph store connection, before
     *   its first write (their "already indexed" errors ignored; docs/graph.md)
     */
    public function graphIndexes(): array
    {
        return json_decode($this->instance->run('graphIndexes', []), true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * @return array<string, mixed> the store lifecycle's table (docs/stores.md, "Store states and
     *   rebuild runs"): `neverBuilt`, `activeRuns`, `runMoves` (`{move: {from, to}}`), `interrupted`
     */
    public function storeLifecycle(): array
    {
        return json_decode($this->instance->run('storeLifecycle', []), true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * A store's status after an event: the status to write, or null when it does not change.
     *
     * @param ?array<string, mixed> $status `{state, reason, marker}`; null: the store has no row
     * @param array<string, mixed> $event `{event, ...}`
     * @return ?array<string, mixed>
     */
    public function storeEvent(?array $status, array $event): ?array
    {
        $json = static fn (array $v) => json_encode((object) $v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        $answer = $this->instance->run('storeEvent', [$status === null ? null : $json($status), $json($event)]);
        return json_decode($answer, true, 512, JSON_THROW_ON_ERROR);
    }

    /** @return list<string> the op names a Host must answer */
    public function hostOperations(): array
    {
        return json_decode($this->instance->run('hostOperations', []), true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * `{code, message}` → `{status, headers, body}` JSON: the REST response of an error the host
     * answers itself (`request-too-large`, `internal-error`, `core-unavailable`), from the core's table.
     */
    public function errorResponse(string $request): string
    {
        return $this->instance->run('errorResponse', [$request]);
    }

    /** `{pageId, subjects, mainSubjectId, iris, projections}` → the HTML of a page's Data tab. */
    public function renderDataTab(string $request): string
    {
        return $this->instance->run('renderDataTab', [$request]);
    }

    /** `{title, wikitext, contentModel?, subjects, layouts, links}` → the HTML of a page for readers. */
    public function renderPage(string $request, ?string $options = null): string
    {
        return $this->instance->run('renderPage', [$request, $options]);
    }

    /** `{name, schema, links}` → the HTML of a Schema page (its property table). */
    public function renderSchema(string $request, ?string $options = null): string
    {
        return $this->instance->run('renderSchema', [$request, $options]);
    }

    /** `{list: "subjects" | "recentlyEdited" | "schemas", rows, links}` → the HTML table of a list. */
    public function renderList(string $request): string
    {
        return $this->instance->run('renderList', [$request]);
    }

    /** Two Subject slots (null: none) → what changed between them, as JSON (`domain::page_diff`). */
    public function diffSubjects(?string $old, ?string $new, ?string $options = null): string
    {
        return $this->instance->run('diffSubjects', [$old, $new, $options]);
    }

    /** One REST request (docs/architecture.md) → `{status, headers, body}` JSON, answered through $host. */
    public function handleRoute(string $request, Host $host): string
    {
        return $this->instance->run('handleRoute', [$request], $host);
    }

    /** One platform page action (docs/page-actions.md), answered through $host; a refusal throws StrataError. */
    public function handlePageAction(string $request, Host $host): string
    {
        return $this->instance->run('handlePageAction', [$request], $host);
    }

    /** Projects pages the host saved or deleted itself into the stores (docs/stores.md). */
    public function projectPageChanges(string $request, Host $host): string
    {
        return $this->instance->run('projectPageChanges', [$request], $host);
    }

    /** A Schema compiled once, for validating many Subjects. */
    public function validator(string $name, string $schema, ?string $options = null): Validator
    {
        return new Validator($this->instance, [$name, $schema, $options]);
    }

    /** Schemas (a JSON object of name to Schema) compiled once, for validating many Subjects of any of them in one call. */
    public function batchValidator(string $schemas, ?string $options = null): BatchValidator
    {
        return new BatchValidator($this->instance, [$schemas, $options]);
    }

    /** A projection set up once for many pages. */
    public function rdfProjector(string $setup, ?string $options = null): RdfProjector
    {
        return new RdfProjector($this->instance, [$setup, $options]);
    }

    /** A store rebuild run (docs/stores.md, "Rebuild runs"); `$setup` is its JSON. */
    public function rebuildRun(string $setup): RebuildRun
    {
        return new RebuildRun($this->instance, [$setup]);
    }
}
