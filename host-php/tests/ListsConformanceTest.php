<?php
/**
 * The list conformance corpus (tests/conformance/lists.json) run against MemoryHost's `listSubjects`:
 * the same wiki, requests and expected rows as the Rust MemoryHost, the SQLite host and MediaWiki
 * (tests/api/lists_conformance.rs, host-shim/test/lists-conformance.test.js, tests/mediawiki/).
 * Then the other list operations on a small wiki of their own.
 */

declare(strict_types=1);

use Strata\Bridge\Testing\MemoryHost;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

/** A save of a new page whose index rows are $subjects (at their positions, all changed) and $relations. */
function listsSave(int $namespace, string $title, array $subjects, array $relations = []): array
{
    $rows = [];
    foreach ($subjects as $position => $subject) {
        $rows[] = $subject + ['position' => $position];
    }
    $index = ['subjects' => $rows, 'relations' => $relations, 'changedSubjectIds' => array_column($rows, 'subjectId')];
    return ['saves' => [[
        'pageId' => null, 'namespace' => $namespace, 'title' => $title, 'baseRevisionId' => null, 'createOnly' => true,
        'comment' => 'seed', 'contentModel' => 'wikitext', 'mainSlot' => null, 'subjectSlot' => '{}', 'index' => $index,
    ]]];
}

function listsSubject(string $id, string $name, string $schema = 'Person', array $more = []): array
{
    return $more + ['subjectId' => $id, 'schema' => $schema, 'label' => $name, 'displayName' => $name, 'displayNameIsGenerated' => false,
        'isMain' => true, 'isDependent' => false, 'hostSubjectId' => null];
}

final class ListsConformanceTest extends TestCase
{
    /** @testdox MemoryHost answers every case of the list corpus */
    public function testMemoryHostAnswersEveryCaseOfTheListCorpus(): void
    {
        $corpus = json_decode(file_get_contents(repoRoot() . '/tests/conformance/lists.json'), true, 512, JSON_THROW_ON_ERROR);
        $host = new MemoryHost();
        foreach ($corpus['pages'] as $page) {
            assertSame(true, $host->savePages(listsSave($page['namespace'], $page['title'], $page['subjects']))['ok'], $page['title']);
        }
        $defaults = ['schema' => null, 'search' => null, 'after' => null, 'limit' => 50, 'includeDependent' => false, 'timeoutMs' => 60000];
        assertTrue(count($corpus['cases']) > 20, 'the corpus has its cases');
        $failures = [];
        foreach ($corpus['cases'] as $case) {
            $got = array_column($host->listSubjects($case['request'] + $defaults)['rows'], 'subjectId');
            if ($got !== $case['rows']) {
                $failures[] = $case['name'] . ': got ' . json_encode($got) . ', expected ' . json_encode($case['rows']);
            }
        }
        assertSame([], $failures);
    }

    /** @testdox MemoryHost answers recently edited, labels, counts and referencing Subjects from its index rows */
    public function testMemoryHostAnswersRecentlyEditedLabelsCountsAndReferencingSubjectsFromItsIndexRows(): void
    {
        $host = new MemoryHost();
        $host->savePages(listsSave(0, 'Ada', [listsSubject('s1a', 'Ada'), listsSubject('s1b', 'berlin', 'Place')]));
        $host->savePages(listsSave(0, 'Bob', [listsSubject('s1c', 'Bob')], [
            ['sourceId' => 's1c', 'relationId' => 'r1', 'property' => 'Knows', 'targetId' => 's1a'],
            ['sourceId' => 's1c', 'relationId' => 'r2', 'property' => 'Admires', 'targetId' => 's1a'],
        ]));
        $recent = $host->recentlyEdited(['limit' => 2, 'lookback' => 2000])['rows'];
        assertSame(['s1c', 's1a'], array_column($recent, 'subjectId'), 'newest change first, then by ID');
        assertSame(['s1c'], array_column($host->recentlyEdited(['limit' => 10, 'lookback' => 1])['rows'], 'subjectId'), 'only the newest revision');
        assertSame(['s1a', 's1c'], array_column($host->subjectLabels(['schemas' => ['Person'], 'prefix' => null, 'limit' => 10])['rows'], 'subjectId'));
        assertSame(['s1b'], array_column($host->subjectLabels(['schemas' => [], 'prefix' => 'BER', 'limit' => 10])['rows'], 'subjectId'));
        assertSame([['schema' => 'Person', 'count' => 2], ['schema' => 'Place', 'count' => 1]], $host->subjectCounts([])['counts']);
        $referencing = $host->referencingSubjects(['targetId' => 's1a', 'limit' => 10, 'inspect' => 1000]);
        assertSame([['s1c'], ['Admires', 'Knows'], false], [array_column($referencing['rows'], 'subjectId'), $referencing['rows'][0]['propertyNames'], $referencing['truncated']]);
        assertSame(true, $host->referencingSubjects(['targetId' => 's1a', 'limit' => 10, 'inspect' => 1])['truncated'], 'an inspect bound truncates');
        assertSame('Ada', $host->subjectRows(['ids' => ['s1a']])['rows'][0]['pageTitle']);
    }
}
