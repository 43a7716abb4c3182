<?php
/**
 * The list operations of MemoryHost (docs/lists.md), answered by filtering and sorting every indexed
 * Subject in memory. The orders and the search are those tests/conformance/lists.json states, which
 * host-php/tests/ListsConformanceTest.php runs against this class through MemoryHost.
 */

declare(strict_types=1);

namespace Strata\Bridge\Testing;

final class MemoryLists
{
    /** The stored text of a Schema reference: the name, or the JSON text of a `{source, name}` object. */
    public static function storedSchema(mixed $schema): string
    {
        return is_string($schema) ? $schema : json_encode($schema, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }

    private static function asciiLower(string $text): string
    {
        return strtr($text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
    }

    /** Display names ignoring ASCII case, ties by Subject ID. */
    private static function byName(array $a, array $b): int
    {
        return strcmp(self::asciiLower($a['displayName']), self::asciiLower($b['displayName'])) ?: strcmp($a['subjectId'], $b['subjectId']);
    }

    private static function matches(array $row, string $search): bool
    {
        $folded = mb_strtolower($search, 'UTF-8');
        return str_contains(mb_strtolower($row['displayName'], 'UTF-8'), $folded)
            || str_contains(mb_strtolower($row['pageTitle'], 'UTF-8'), $folded)
            || str_starts_with($row['subjectId'], $search);
    }

    /**
     * `listSubjects`: $indexed holds `{row: IndexedSubject, created, edited}` per Subject.
     * @return array{rows: list<array>, timedOut: bool}
     */
    public static function listing(array $indexed, array $args): array
    {
        $sort = $args['sort'];
        $keyed = [];
        foreach ($indexed as $entry) {
            $row = $entry['row'];
            if (
                (!$args['includeDependent'] && $row['isDependent'])
                || ($args['schema'] !== null && self::storedSchema($row['schema']) !== $args['schema'])
                || (($args['search'] ?? '') !== '' && !self::matches($row, $args['search']))
            ) {
                continue;
            }
            $key = match ($sort) {
                'newest' => $entry['created'],
                'name' => $row['displayName'],
                'schema' => self::storedSchema($row['schema']),
                'page' => $row['pageTitle'],
                'edited' => $entry['edited'],
            };
            $keyed[] = $row + ['sortKey' => $key];
        }
        $sign = $args['direction'] === 'desc' ? -1 : 1;
        $ascending = $sort === 'name'
            ? self::byName(...)
            : static fn (array $a, array $b): int => strcmp($a['sortKey'], $b['sortKey']) ?: strcmp($a['subjectId'], $b['subjectId']);
        $order = static fn (array $a, array $b): int => $sign * $ascending($a, $b);
        usort($keyed, $order);
        if ($args['after'] !== null) {
            $at = ['sortKey' => $args['after']['key'], 'displayName' => $args['after']['key'], 'subjectId' => $args['after']['id']];
            $keyed = array_values(array_filter($keyed, static fn (array $row) => $order($row, $at) > 0));
        }
        return ['rows' => array_slice($keyed, 0, $args['limit']), 'timedOut' => false];
    }

    /**
     * `recentlyEdited`: $changes are `[revisionId, subjectId, timestamp]` in saving order.
     * @return array{rows: list<array>}
     */
    public static function recent(array $indexed, array $changes, array $args): array
    {
        $revisions = array_values(array_unique(array_column($changes, 0)));
        rsort($revisions);
        $oldest = $revisions[min(count($revisions), max(1, $args['lookback'])) - 1] ?? 0;
        $newest = [];
        foreach ($changes as [$revision, $id, $timestamp]) {
            if ($revision >= $oldest && ($newest[$id][0] ?? -1) < $revision) {
                $newest[$id] = [$revision, $timestamp];
            }
        }
        $rows = [];
        foreach ($indexed as $entry) {
            $id = $entry['row']['subjectId'];
            if (isset($newest[$id])) {
                $rows[] = [$newest[$id][0], $entry['row'] + ['lastEdited' => $newest[$id][1]]];
            }
        }
        usort($rows, static fn (array $a, array $b): int => ($b[0] <=> $a[0]) ?: strcmp($a[1]['subjectId'], $b[1]['subjectId']));
        return ['rows' => array_column(array_slice($rows, 0, $args['limit']), 1)];
    }

    /** `subjectLabels`: named standalone Subjects whose name starts with the prefix, ASCII case ignored. */
    public static function labels(array $indexed, array $args): array
    {
        $prefix = self::asciiLower($args['prefix'] ?? '');
        $rows = [];
        foreach (array_column($indexed, 'row') as $row) {
            if (
                !$row['displayNameIsGenerated'] && !$row['isDependent']
                && ($args['schemas'] === [] || in_array(self::storedSchema($row['schema']), $args['schemas'], true))
                && str_starts_with(self::asciiLower($row['displayName']), $prefix)
            ) {
                $rows[] = $row;
            }
        }
        usort($rows, self::byName(...));
        return ['rows' => array_slice($rows, 0, $args['limit'])];
    }

    /** `subjectCounts`: Subjects per stored Schema reference, every page counted. */
    public static function counts(array $indexed): array
    {
        $counts = [];
        foreach (array_column($indexed, 'row') as $row) {
            $key = self::storedSchema($row['schema']);
            $counts[$key] ??= ['schema' => $row['schema'], 'count' => 0];
            $counts[$key]['count']++;
        }
        ksort($counts, SORT_STRING);
        return ['counts' => array_values($counts)];
    }

    /**
     * `referencingSubjects`: $relations are the index's relation rows of every page. Generated names
     * last, then by name; at most `inspect` relation rows are looked at.
     */
    public static function referencing(array $indexed, array $relations, array $args): array
    {
        $pairs = [];
        foreach ($relations as $r) {
            if ($r['targetId'] === $args['targetId'] && $r['sourceId'] !== $args['targetId']) {
                $pairs[] = [$r['sourceId'], $r['property']];
            }
        }
        usort($pairs, static fn (array $a, array $b): int => strcmp($a[0], $b[0]) ?: strcmp($a[1], $b[1]));
        $truncated = count($pairs) > $args['inspect'];
        $properties = [];
        foreach (array_slice($pairs, 0, $args['inspect']) as [$source, $property]) {
            $properties[$source][$property] = true;
        }
        $rows = [];
        foreach (array_column($indexed, 'row') as $row) {
            if (isset($properties[$row['subjectId']])) {
                $names = array_map('strval', array_keys($properties[$row['subjectId']]));
                sort($names, SORT_STRING);
                $rows[] = $row + ['propertyNames' => $names];
            }
        }
        usort($rows, static fn (array $a, array $b): int => ($a['displayNameIsGenerated'] <=> $b['displayNameIsGenerated']) ?: self::byName($a, $b));
        $truncated = $truncated || count($rows) > $args['limit'];
        return ['rows' => array_slice($rows, 0, $args['limit']), 'truncated' => $truncated];
    }
}
