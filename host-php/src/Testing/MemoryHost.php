<?php
/**
 * A Host held in memory, for tests of the bridge and of hosts built on it: pages with revisions and
 * their index rows, conflict detection on base revisions, all-or-nothing multi-page saves, and a
 * caller's rights. It stores and looks up what the core hands it and decides nothing else: the list
 * operations filter and sort its index rows (`MemoryLists`, checked by the list conformance corpus),
 * and the stores exist only as settings: `updateStores` calls are recorded (`$storeUpdates`),
 * queries answer that the store is unavailable.
 */

declare(strict_types=1);

namespace Strata\Bridge\Testing;

use Strata\Bridge\Host;
use Strata\Bridge\SourceFetcher;
use stdClass;

class MemoryHost implements Host
{
    /** @var array<int, array> page id → page */
    private array $pages = [];
    /** @var array<int, array> revision id → revision */
    private array $revisions = [];
    private int $lastId = 0;
    private int $ticks = 0;
    /** @var array<string, array{0: string, 1: string}> Subject id → [first indexed, last changed] */
    private array $subjectTimes = [];
    /** @var list<array{0: int, 1: string, 2: string}> [revision id, Subject id, timestamp] of every change */
    private array $changes = [];
    /** @var list<array> every `log` entry */
    public array $logs = [];
    /** @var list<array> every `updateStores` call */
    public array $storeUpdates = [];
    private ?SourceFetcher $fetcher = null;

    /** The title prefixes of the namespaces Strata uses, as this host configures them. */
    private const NAMESPACE_PREFIXES = [8 => 'MediaWiki:', 7474 => 'Schema:', 7476 => 'Layout:', 7478 => 'Mapping:', 7480 => 'Subject:'];

    /** @param list<string> $rights the caller's rights */
    public function __construct(
        private array $settings = [],
        public array $rights = ['read', 'edit', 'createpage', 'delete'],
        private string $caller = 'Admin'
    ) {
    }

    public function config(array $args): mixed
    {
        $settings = $this->settings;
        if (isset($settings['sources'])) {
            // Credentials stay with the host.
            $withoutCredentials = static fn (array $s) => array_diff_key($s, ['botUser' => 0, 'botPassword' => 0]);
            $settings['sources'] = (object) array_map($withoutCredentials, $settings['sources']);
        }
        return (object) $settings;
    }

    public function pageById(array $args): mixed
    {
        return isset($this->pages[$args['pageId']]) ? $this->record((int) $args['pageId']) : null;
    }

    public function pageByTitle(array $args): mixed
    {
        $id = $this->find((int) $args['namespace'], (string) $args['title']);
        return $id === null ? null : $this->record($id);
    }

    public function revision(array $args): mixed
    {
        $r = $this->revisions[$args['revisionId']] ?? null;
        if ($r === null || !isset($this->pages[$r['pageId']])) {
            return null;
        }
        return ['revisionId' => (int) $args['revisionId']] + $r + ['access' => $this->access()];
    }

    public function subjectsInfo(array $args): mixed
    {
        $out = new stdClass();
        foreach ($args['ids'] as $id) {
            foreach ($this->pages as $pageId => $page) {
                foreach ($page['index']['subjects'] as $row) {
                    if ($row['subjectId'] === $id) {
                        $out->{$id} = ['pageId' => $pageId, 'schema' => $row['schema'], 'readable' => $this->access()['read']];
                    }
                }
            }
        }
        return $out;
    }

    public function canCreate(array $args): mixed
    {
        $access = $this->access();
        return [
            'allowed' => $access['edit'] && in_array('createpage', $this->rights, true),
            'exists' => $this->find((int) $args['namespace'], (string) $args['title']) !== null,
            'readable' => $access['read'],
        ];
    }

    public function savePages(array $args): mixed
    {
        foreach ($args['saves'] as $i => $save) {
            $existing = $save['pageId'] === null ? null : ($this->pages[$save['pageId']] ?? null);
            $conflict = match (true) {
                $save['baseRevisionId'] === null => $this->find($save['namespace'], $save['title']) === null ? null : 'title-exists',
                $existing !== null && $existing['latestRevisionId'] === $save['baseRevisionId'] && !$save['createOnly'] => null,
                default => 'edit-conflict',
            };
            if ($conflict !== null) {
                return ['ok' => false, 'conflict' => $conflict, 'index' => $i];
            }
        }
        $results = [];
        foreach ($args['saves'] as $save) {
            $timestamp = $this->tick();
            $revisionId = ++$this->lastId;
            $pageId = $save['pageId'] !== null && isset($this->pages[$save['pageId']]) ? $save['pageId'] : ++$this->lastId;
            $previous = $this->pages[$pageId] ?? null;
            $page = [
                'namespace' => $save['namespace'], 'title' => $save['title'], 'latestRevisionId' => $revisionId,
                'created' => $previous['created'] ?? $timestamp, 'modified' => $timestamp, 'lastEditor' => $this->caller,
                'contentModel' => $save['contentModel'],
                'mainSlot' => $save['mainSlot'] ?? $previous['mainSlot'] ?? null,
                'subjectSlot' => $save['subjectSlot'] ?? $previous['subjectSlot'] ?? null,
                'index' => $save['index'],
            ];
            $this->pages[$pageId] = $page;
            $this->revisions[$revisionId] = [
                'pageId' => $pageId,
                'timestamp' => $timestamp,
                'mainSlot' => $page['mainSlot'],
                'subjectSlot' => $page['subjectSlot'],
            ];
            $this->indexChanges($revisionId, $timestamp, $save['index']);
            $results[] = ['pageId' => $pageId, 'revisionId' => $revisionId, 'timestamp' => $timestamp];
        }
        return ['ok' => true, 'results' => $results];
    }

    public function deletePage(array $args): mixed
    {
        $page = $this->pages[$args['pageId']] ?? null;
        if ($page === null) {
            return ['ok' => false, 'conflict' => 'missing'];
        }
        if ($page['latestRevisionId'] !== $args['baseRevisionId']) {
            return ['ok' => false, 'conflict' => 'edit-conflict'];
        }
        unset($this->pages[$args['pageId']]);
        return ['ok' => true, 'logId' => ++$this->lastId];
    }

    public function listPages(array $args): mixed
    {
        $hits = [];
        foreach ($this->pages as $id => $page) {
            if (
                $page['namespace'] === $args['namespace']
                && ($args['after'] === null || strcmp($page['title'], $args['after']) > 0)
                && ($args['prefix'] === null || str_starts_with($page['title'], $args['prefix']))
            ) {
                $hits[$page['title']] = $id;
            }
        }
        ksort($hits, SORT_STRING);
        return ['pages' => array_map(fn ($id) => $this->record($id), array_slice(array_values($hits), 0, $args['limit']))];
    }

    public function graphStores(array $args): mixed
    {
        return ['stores' => []];
    }

    public function startRebuild(array $args): mixed
    {
        return ['outcome' => 'unknown', 'run' => null];
    }

    public function cancelRebuild(array $args): mixed
    {
        return ['run' => null];
    }

    public function listSubjects(array $args): mixed
    {
        return MemoryLists::listing($this->indexed(), $args);
    }

    public function recentlyEdited(array $args): mixed
    {
        return MemoryLists::recent($this->indexed(), $this->changes, $args);
    }

    public function subjectCounts(array $args): mixed
    {
        return MemoryLists::counts($this->indexed());
    }

    public function subjectLabels(array $args): mixed
    {
        return MemoryLists::labels($this->indexed(), $args);
    }

    public function referencingSubjects(array $args): mixed
    {
        $relations = array_merge([], ...array_map(static fn (array $page) => $page['index']['relations'] ?? [], array_values($this->pages)));
        return MemoryLists::referencing($this->indexed(), $relations, $args);
    }

    public function subjectRows(array $args): mixed
    {
        $rows = [];
        $indexed = $this->indexed();
        foreach ($args['ids'] as $id) {
            if (isset($indexed[$id])) {
                $rows[] = $indexed[$id]['row'];
            }
        }
        return ['rows' => $rows];
    }

    /** Subject id → `{row: IndexedSubject, created, edited}` of every page's index rows. */
    private function indexed(): array
    {
        $out = [];
        foreach ($this->pages as $pageId => $page) {
            foreach ($page['index']['subjects'] as $subject) {
                unset($subject['position']);
                $id = $subject['subjectId'];
                $row = $subject + [
                    'pageId' => $pageId,
                    'pageNamespace' => $page['namespace'],
                    'pageTitle' => $this->prefixed($page),
                    'readable' => $this->access()['read'],
                ];
                $out[$id] = ['row' => $row, 'created' => $this->subjectTimes[$id][0] ?? '', 'edited' => $this->subjectTimes[$id][1] ?? ''];
            }
        }
        return $out;
    }

    /** Creation and edit times of a revision's Subjects, and its changes, as the index rows say. */
    private function indexChanges(int $revisionId, string $timestamp, array $index): void
    {
        $changed = array_flip($index['changedSubjectIds'] ?? []);
        foreach ($index['subjects'] as $subject) {
            $id = $subject['subjectId'];
            $before = $this->subjectTimes[$id] ?? [$timestamp, $timestamp];
            $this->subjectTimes[$id] = [$before[0], isset($changed[$id]) ? $timestamp : $before[1]];
        }
        foreach (array_keys($changed) as $id) {
            $this->changes[] = [$revisionId, (string) $id, $timestamp];
        }
    }

    public function sparqlQuery(array $args): mixed
    {
        return ['ok' => false, 'kind' => 'unavailable', 'detail' => 'the memory host has no SPARQL store'];
    }

    public function cypherQuery(array $args): mixed
    {
        return ['ok' => false, 'reply' => null, 'catalog' => null, 'kind' => 'unavailable', 'detail' => 'the memory host has no graph database'];
    }

    public function awaitProjection(array $args): mixed
    {
        return ['pending' => 0];
    }

    public function updateStores(array $args): mixed
    {
        $this->storeUpdates[] = $args;
        return null;
    }

    public function hitRateLimit(array $args): mixed
    {
        return ['limited' => false];
    }

    public function log(array $args): mixed
    {
        $this->logs[] = $args;
        return null;
    }

    public function now(array $args): mixed
    {
        return ['timestamp' => $this->tick()];
    }

    /** No parser of its own: the core draws its wikitext subset. */
    public function parseWikitext(array $args): mixed
    {
        return null;
    }

    /** A GET to a source of the `sources` setting, over HTTP (docs/federation.md). */
    public function fetchSource(array $args): mixed
    {
        $this->fetcher ??= new SourceFetcher($this->settings['sources'] ?? []);
        return $this->fetcher->fetch($args);
    }

    private function find(int $namespace, string $title): ?int
    {
        foreach ($this->pages as $id => $page) {
            if ($page['namespace'] === $namespace && $page['title'] === $title) {
                return $id;
            }
        }
        return null;
    }

    private function record(int $id): array
    {
        $page = $this->pages[$id];
        return [
            'pageId' => $id, 'namespace' => $page['namespace'], 'title' => $page['title'],
            'prefixedTitle' => $this->prefixed($page), 'latestRevisionId' => $page['latestRevisionId'],
            'created' => $page['created'], 'modified' => $page['modified'], 'lastEditor' => $page['lastEditor'],
            'categories' => [], 'contentModel' => $page['contentModel'], 'mainSlot' => $page['mainSlot'],
            'subjectSlot' => $page['subjectSlot'], 'access' => $this->access(),
        ];
    }

    private function prefixed(array $page): string
    {
        return (self::NAMESPACE_PREFIXES[$page['namespace']] ?? '') . $page['title'];
    }

    /** @return array{read: bool, edit: bool} */
    private function access(): array
    {
        $read = in_array('read', $this->rights, true);
        return ['read' => $read, 'edit' => $read && in_array('edit', $this->rights, true)];
    }

    private function tick(): string
    {
        $t = ++$this->ticks % 86400;
        return sprintf('2026-11-22T%02d:%02d:%02dZ', intdiv($t, 3600), intdiv($t, 60) % 60, $t % 60);
    }
}
