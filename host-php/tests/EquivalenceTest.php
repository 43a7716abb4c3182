<?php
/**
 * The PHP bridge and the Node module give the same answers, byte for byte (errors: the same code and
 * message), for the project's example wiki (every Subject validated against its Schema, alone,
 * through a compiled Validator and all in one BatchValidator call; every page normalized, prepared
 * for import, and projected to RDF in the native and every Mapping's projection, as TriG and Turtle;
 * rebuild batches for a graph and a SPARQL store) and for refusals.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

/** @return array<string, string> file title → JSON text, of one folder of the example wiki */
function examplePages(string $folder): array
{
    $pages = [];
    foreach (glob(repoRoot() . "/examples/wiki/$folder/*.json") as $file) {
        $pages[str_replace('_', ' ', basename($file, '.json'))] = file_get_contents($file);
    }
    return $pages;
}

/** @return list<array{export: string, args: list<?string>, setup?: list<?string>}> */
function equivalenceCases(): array
{
    $enc = static fn ($v) => json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
    $schemas = array_map(fn ($t) => json_decode($t), examplePages('Schema'));
    $mappings = array_map(fn ($t) => json_decode($t), examplePages('Mapping'));
    $schemaMap = $enc((object) $schemas);
    $cases = [];
    $pages = [];
    $batchItems = [];
    $id = 0;
    foreach (examplePages('Subject') as $title => $text) {
        $content = json_decode($text);
        $pages[] = ['title' => $title, 'content' => $content];
        $known = new stdClass();
        foreach ($content->subjects as $sid => $subject) {
            $known->{$sid} = $subject->schema;
        }
        foreach ($content->subjects as $sid => $subject) {
            $schema = $schemas[$subject->schema] ?? null;
            $context = ['subjectId' => $sid, 'isMain' => $sid === ($content->mainSubject ?? null), 'knownSubjects' => $known];
            $cases[] = ['export' => 'validate', 'args' => [$enc(['schema' => $schema, 'subject' => $subject] + $context), null]];
            $batchItems[] = ['subject' => $subject, 'context' => $context];
            if ($schema !== null) {
                $cases[] = ['export' => 'validatorValidate', 'args' => [$enc($subject), $enc($context)], 'setup' => [$enc($subject->schema), $enc($schema), null]];
            }
        }
        $cases[] = ['export' => 'normalizeContent', 'args' => [$text, $schemaMap, '{"sourceKey":"local"}']];
        $facts = ['pageId' => ++$id, 'title' => $title, 'prefixedTitle' => $title, 'created' => '2026-01-02T03:04:05Z', 'modified' => '2026-02-03T04:05:06Z', 'lastEditor' => 'Admin', 'categories' => ['Examples']];
        foreach (array_merge(['native'], array_unique(array_map(fn ($m) => $m->target, array_values($mappings)))) as $projection) {
            foreach (['trig', 'turtle'] as $format) {
                $request = ['page' => $facts, 'content' => $content, 'schemas' => (object) $schemas, 'mappings' => (object) $mappings,
                    'baseUri' => 'https://wiki.example/', 'projection' => $projection, 'format' => $format];
                $cases[] = ['export' => 'projectRdf', 'args' => [$enc($request), null]];
            }
            $setup = ['schemas' => (object) $schemas, 'mappings' => (object) $mappings, 'baseUri' => 'https://wiki.example/', 'projection' => $projection];
            $cases[] = ['export' => 'rdfProjectorProjectPage', 'args' => [$enc($facts), $text, 'false'], 'setup' => [$enc($setup), null]];
        }
    }
    $cases[] = ['export' => 'preparePages', 'args' => [$enc($pages), $schemaMap, null]];
    $batchItems[] = ['subject' => ['statements' => new stdClass()]];
    $batchItems[] = ['subject' => ['schema' => 'Ghost', 'statements' => new stdClass()], 'context' => ['isMain' => 'yes']];
    $cases[] = ['export' => 'batchValidatorValidate', 'args' => [$enc($batchItems)], 'setup' => [$schemaMap, null]];
    $batch = [];
    foreach ($pages as $i => $page) {
        $batch[] = ['pageId' => $i + 1, 'namespace' => 0, 'title' => $page['title'], 'prefixedTitle' => $page['title'], 'created' => '2026-01-02T03:04:05Z',
            'modified' => '2026-02-03T04:05:06Z', 'lastEditor' => 'Admin', 'categories' => [], 'subjectSlot' => $enc($page['content'])];
    }
    $schemaTexts = array_map(fn ($s) => $enc($s), $schemas);
    $mappingPages = array_map(fn ($title, $m) => ['title' => $title, 'text' => $enc($m)], array_keys($mappings), array_values($mappings));
    foreach ([['falkordb', 'native'], ['oxigraph-embedded', 'native'], ['oxigraph-embedded', 'schemaorg']] as [$type, $projection]) {
        $request = ['name' => 'store', 'store' => ['type' => $type, 'projection' => $projection], 'rdfBaseUri' => 'https://wiki.example/', 'sourceKey' => 'local',
            'start' => true, 'pages' => $batch, 'schemas' => (object) $schemaTexts, 'mappings' => $mappingPages];
        $cases[] = ['export' => 'projectForStore', 'args' => [$enc($request)]];
    }
    $cases[] = ['export' => 'graphIndexes', 'args' => []];
    $person = '{"propertyDefinitions":{"Age":{"type":"number","maximum":150},"Title":{"type":"monolingualText"}}}';
    foreach ([
        '{"schema":' . $person . ',"subject":{"schema":"P","statements":{"Age":{"propertyType":"number","value":"old"}}}}',
        '{"schema":' . $person . ',"subject":{"schema":"P","statements":{"Title":{"propertyType":"monolingualText","value":[{"text":"x","language":"e n"}]}}}}',
        '{"schema":{"propertyDefinitions":{"X":{"type":"relation"}}},"subject":{"schema":"P","statements":{}}}',
        '{"schema":' . $person . ',"subject":{"schema":"P","label":"A","statements":{"Age":{"propertyType":"number","value":1.5e300}}}}',
    ] as $request) {
        $cases[] = ['export' => 'validate', 'args' => [$request, null]];
    }
    $cases[] = ['export' => 'validate', 'args' => ['{"schema":null,"subject":{"schema":"X","statements":{}}}', '{"sourceKey":"not a key!"}']];
    $cases[] = ['export' => 'normalizeContent', 'args' => ['{"subjects":3}', null, null]];
    $cases[] = ['export' => 'preparePages', 'args' => ['[{"title":', '{}', null]];
    $cases[] = ['export' => 'validatorValidate', 'args' => ['{"statements":{}}', null], 'setup' => ['"P"', '{"propertyDefinitions":5}', null]];
    $cases[] = ['export' => 'batchValidatorValidate', 'args' => ['{"items":[]}'], 'setup' => [$schemaMap, null]];
    $cases[] = ['export' => 'batchValidatorValidate', 'args' => ['[]'], 'setup' => ['{"P":{"propertyDefinitions":5}}', null]];
    return $cases;
}

/** The bridge's answer to one case, in the shape node-answers.mjs prints. */
function phpAnswer(Core $core, array $case): array
{
    [$a, $b, $c] = $case['args'] + [null, null, null];
    try {
        $setup = $case['setup'] ?? [];
        return ['ok' => match ($case['export']) {
            'validate' => $core->validate($a, $b),
            'normalizeContent' => $core->normalizeContent($a, $b, $c),
            'projectRdf' => $core->projectRdf($a, $b),
            'preparePages' => $core->preparePages($a, $b, $c),
            'projectForStore' => $core->projectForStore($a),
            'graphIndexes' => json_encode($core->graphIndexes(), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
            'validatorValidate' => $core->validator(...$setup)->validateJson($a, $b),
            'batchValidatorValidate' => $core->batchValidator(...$setup)->validateJson($a),
            'rdfProjectorProjectPage' => $core->rdfProjector(...$setup)->projectPage($a, $b, $c === 'true'),
        }];
    } catch (StrataError $e) {
        return ['error' => ['code' => $e->errorCode, 'message' => $e->getMessage()]];
    }
}

final class EquivalenceTest extends TestCase
{
    /** @testdox the example wiki and refusals give byte-identical answers through PHP and Node */
    public function testTheExampleWikiAndRefusalsGiveByteIdenticalAnswersThroughPHPAndNode(): void
    {
        $cases = equivalenceCases();
        $file = tempnam(sys_get_temp_dir(), 'strata-equivalence-');
        try {
            file_put_contents($file, json_encode($cases, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE));
            $node = json_decode((string) shell_exec('node ' . escapeshellarg(__DIR__ . '/node-answers.mjs') . ' ' . escapeshellarg($file)), true);
        } finally {
            unlink($file);
        }
        assertSame(count($cases), is_array($node) ? count($node) : -1, 'Node answered every case');
        $core = Core::load();
        $differ = [];
        $kinds = [];
        foreach ($cases as $i => $case) {
            $php = phpAnswer($core, $case);
            $kinds[$case['export'] . (isset($php['ok']) ? '' : ' refused')] = true;
            if ($php !== $node[$i]) {
                $differ[] = "case $i ({$case['export']}):\n  php:  " . substr(json_encode($php, JSON_UNESCAPED_SLASHES), 0, 400) . "\n  node: " . substr(json_encode($node[$i], JSON_UNESCAPED_SLASHES), 0, 400);
            }
        }
        assertSame([], array_slice($differ, 0, 5), count($differ) . ' of ' . count($cases) . ' cases differ');
        foreach (['validate', 'validate refused', 'validatorValidate', 'validatorValidate refused', 'batchValidatorValidate', 'batchValidatorValidate refused', 'normalizeContent', 'normalizeContent refused', 'projectRdf', 'rdfProjectorProjectPage', 'preparePages', 'preparePages refused', 'projectForStore', 'graphIndexes'] as $kind) {
            assertTrue(isset($kinds[$kind]), "the cases include $kind");
        }
    }
}
