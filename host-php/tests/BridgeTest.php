<?php
/**
 * The bridge as PHP callers use it: the module's answers and refusals (the codes of the wasm-bindgen
 * exports), a Validator and a BatchValidator compiled once, host calls through the import, a trap that does not poison
 * the next call, and the precompiled module cache.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\Host;
use Strata\Bridge\StrataError;
use Strata\Bridge\TrapError;
use Strata\Bridge\Testing\MemoryHost;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

const PERSON = '{"propertyDefinitions":{"Name":{"type":"text","required":{"severity":"error"}},"Age":{"type":"number","minimum":0,"maximum":150},'
    . '"Status":{"type":"select","options":[{"id":"o1","label":"Active"},{"id":"o2","label":"Retired"}]},"Title":{"type":"monolingualText","multiple":true}}}';

final class BridgeTest extends TestCase
{
    /** @testdox validate answers the ValidateResult JSON */
    public function testValidateAnswersTheValidateResultJSON(): void
    {
        $request = '{"schema":' . PERSON . ',"subject":{"schema":"person","label":"Ada","statements":{"Age":{"propertyType":"number","value":151}}}}';
        assertSame(
            '{"violations":[{"propertyName":"Name","code":"required","args":[],"severity":"error"},{"propertyName":"Age","code":"max-value","args":[150],"severity":"warning"}]}',
            Core::load()->validate($request),
        );
    }

    /** @testdox bad input is refused with the codes of the wasm-bindgen exports, and the module keeps working */
    public function testBadInputIsRefusedWithTheCodesOfTheWasmBindgenExportsAndTheModuleKeepsWorking(): void
    {
        $core = Core::load();
        $subject = fn (string $statements) => '{"schema":' . PERSON . ',"subject":{"schema":"P","statements":' . $statements . '}}';
        $cases = [
            'invalid-argument' => fn () => $core->validate('{"subject":'),
            'value-shape-mismatch' => fn () => $core->validate($subject('{"Age":{"propertyType":"number","value":"old"}}')),
            'invalid-language-tag' => fn () => $core->validate($subject('{"Title":{"propertyType":"monolingualText","value":[{"text":"x","language":"e n"}]}}')),
            'select-id-label-mismatch' => fn () => $core->validate($subject('{"Status":{"propertyType":"select","value":[{"id":"o1","label":"Retired"}]}}')),
            'invalid-schema' => fn () => $core->validator('"Person"', '{"propertyDefinitions":5}'),
            'malformed-content' => fn () => $core->normalizeContent('{"subjects":3}'),
            'invalid-argument ' => fn () => $core->validate('{"subject":' . str_repeat('{"a":', 100000) . '1' . str_repeat('}', 100000) . ',"schema":null}'),
            'invalid-argument  ' => fn () => $core->validate("\"\xff\""),
        ];
        foreach ($cases as $code => $call) {
            $e = assertThrows(StrataError::class, $call, $code);
            assertSame(trim($code), $e->errorCode, 'code');
            assertTrue($e->getMessage() !== '', "$code has a message");
        }
        assertSame('{"violations":[{"propertyName":null,"code":"schema-not-found","args":["X"],"severity":"warning"}]}', $core->validate('{"schema":null,"subject":{"schema":"X","statements":{}}}'));
    }

    /** @testdox the renderers and the Subject diff answer through the C ABI as the wasm-bindgen exports do */
    public function testTheRenderersAndTheSubjectDiffAnswerThroughTheCAbi(): void
    {
        $core = Core::load();
        $links = '{"page":"/w/index.php/$1","script":"/w/index.php","rest":"/w/rest.php"}';
        $schema = $core->renderSchema('{"name":"Person","schema":' . PERSON . ',"links":' . $links . '}');
        assertTrue(str_contains($schema, '<table class="schema-properties">'), $schema);
        $list = $core->renderList('{"list":"schemas","rows":[{"name":"Person","description":"People"}],"links":' . $links . '}');
        assertTrue(str_contains($list, '<a href="/w/index.php/Schema:Person">Person</a>'), $list);
        $page = $core->renderPage('{"title":"Ada","wikitext":"","subjects":{"subjects":{"s1rendaaaaaaa01":{"id":"s1rendaaaaaaa01","displayName":"Ada","schema":"Person","statements":{}}}},"layouts":[],"links":' . $links . '}');
        assertTrue(str_contains($page, 'data-subject-id="s1rendaaaaaaa01"'), $page);
        $diff = json_decode($core->diffSubjects(null, '{"subjects":{"s1rendaaaaaaa01":{"schema":"Person","label":"Ada","statements":{}}}}'), true);
        assertSame([['id' => 's1rendaaaaaaa01', 'change' => 'added', 'label' => ['old' => null, 'new' => 'Ada'], 'schema' => null, 'statements' => []]], $diff['subjects']);
        assertThrows(StrataError::class, fn () => $core->renderList('{"list":"pages","rows":[]}'), 'an unknown list');
    }

    /** @testdox a Validator compiles once and validates many Subjects */
    public function testAValidatorCompilesOnceAndValidatesManySubjects(): void
    {
        $validator = Core::load()->validator('"Person"', PERSON);
        for ($i = 0; $i < 100; $i++) {
            assertSame('{"violations":[]}', $validator->validateJson('{"label":"Ada","statements":{"Name":{"propertyType":"text","value":["Ada"]}}}'));
        }
        $unlabelled = json_decode($validator->validateJson('{"statements":{}}', '{"isMain":false,"subjectId":"s1demo1aaaaaaa1"}'), true);
        assertSame(['label-required', 'required'], array_column($unlabelled['violations'], 'code'));
    }

    /** @testdox a BatchValidator validates many Subjects in one call, answering by position */
    public function testABatchValidatorValidatesManySubjectsInOneCallAnsweringByPosition(): void
    {
        $batch = Core::load()->batchValidator('{"Person":' . PERSON . '}');
        $items = '[{"subject":{"schema":"Person","label":"Ada","statements":{"Name":{"propertyType":"text","value":["Ada"]}}}},'
            . '{"subject":{"statements":{}}},'
            . '{"subject":{"schema":"Person","statements":{}},"context":{"isMain":false,"subjectId":"s1demo1aaaaaaa1"}},'
            . '{"subject":{"schema":"Ghost","statements":{}}}]';
        $answer = json_decode($batch->validateJson($items), true);
        assertSame(4, count($answer['violations']));
        assertSame([], $answer['violations'][0]);
        assertSame(null, $answer['violations'][1], 'an item without a Schema name is an error at its position');
        assertSame(['label-required', 'required'], array_column($answer['violations'][2], 'code'));
        assertSame(['schema-not-found'], array_column($answer['violations'][3], 'code'));
        assertSame([1], array_column($answer['errors'], 'index'));
        assertSame('{"violations":[],"errors":[]}', $batch->validateJson('[]'));
        assertSame('invalid-argument', assertThrows(StrataError::class, fn () => $batch->validateJson('{}'), 'not an array')->errorCode);
    }

    /** @testdox a trap discards the instance: the next call and an earlier Validator still work */
    public function testATrapDiscardsTheInstanceTheNextCallAndAnEarlierValidatorStillWork(): void
    {
        // 16 MiB: the 2,000,000 empty objects below must not fit. Since the parsed document lives in an
        // arena they take about 24 MB, which a 64 MiB instance holds.
        $core = Core::open(memoryLimit: 16 << 20);
        $validator = $core->validator('"Person"', PERSON);
        $huge = '{"schema":null,"subject":{"schema":"X","statements":{"A":[' . str_repeat('{},', 2_000_000) . '{}]}}}';
        assertThrows(TrapError::class, fn () => $core->validate($huge), 'out of memory');
        assertSame('{"violations":[]}', $validator->validateJson('{"label":"Ada","statements":{"Name":{"propertyType":"text","value":["Ada"]}}}'));
        assertSame(1, count(json_decode($core->validate('{"schema":null,"subject":{"schema":"X","statements":{}}}'), true)['violations']));
    }

    /** @testdox host calls go through the import; a failing host is an error answer, not a trap */
    public function testHostCallsGoThroughTheImportAFailingHostIsAnErrorAnswerNotATrap(): void
    {
        $core = Core::load();
        $request = json_encode(['method' => 'GET', 'path' => '/strata/v0/schema/Person', 'query' => new stdClass(), 'headers' => ['accept' => 'application/json'], 'body' => null,
            'caller' => ['userId' => 1, 'name' => 'Admin', 'anonymous' => false, 'bot' => false, 'groups' => ['*'], 'rights' => ['read'], 'csrfValid' => true]]);
        $answer = json_decode($core->handleRoute($request, new MemoryHost()), true);
        assertSame(200, $answer['status'], 'a missing Schema reads as null');
        assertSame('{"schema":null}', $answer['body']);
        $failing = new class () extends MemoryHost {
            public function pageByTitle(array $args): mixed
            {
                throw new RuntimeException('the database is down');
            }
        };
        $answer = json_decode($core->handleRoute($request, $failing), true);
        assertTrue($answer['status'] >= 500, 'a host failure is a server error: ' . $answer['status']);
        $reentrant = new class () extends MemoryHost {
            public ?Strata\Bridge\Validator $validator = null;
            public bool $sawRunning = false;

            public function pageByTitle(array $args): mixed
            {
                $this->validator = null;
                $this->sawRunning = Core::load()->running();
                return Core::load()->validate('{"schema":null,"subject":{"schema":"X","statements":{}}}');
            }
        };
        $reentrant->validator = $core->validator('"P"', '{"propertyDefinitions":{}}');
        $answer = json_decode($core->handleRoute($request, $reentrant), true);
        assertTrue($answer['status'] >= 500, 'a host operation calling the core again fails that operation: ' . $answer['status']);
        assertTrue($reentrant->sawRunning, 'the core says it is running while a host operation is answered');
        assertSame(false, $core->running(), 'and not once the operation ended');
        assertSame(null, $reentrant->validator, 'a Validator dropped meanwhile is freed after the operation');
        assertSame('{"violations":[]}', $core->validator('"P"', '{"propertyDefinitions":{}}')->validateJson('{"label":"x","statements":{}}'));
    }

    /** @testdox the module is precompiled once and mapped from the cache; a damaged cache file is replaced */
    public function testTheModuleIsPrecompiledOnceAndMappedFromTheCacheADamagedCacheFileIsReplaced(): void
    {
        $dir = sys_get_temp_dir() . '/strata-php-cache-' . getmypid();
        @mkdir($dir);
        try {
            file_put_contents("$dir/strata-0123456789abcdef.cwasm", 'an earlier build');
            Core::open(cacheDir: $dir);
            $files = glob("$dir/*.cwasm");
            assertSame(1, count($files), 'one cache file: the earlier build\'s is gone');
            assertTrue($files[0] !== "$dir/strata-0123456789abcdef.cwasm", 'the new one');
            $size = filesize($files[0]);
            file_put_contents($files[0], 'not machine code');
            $run = fn () => shell_exec(sprintf('STRATA_PHP_CACHE_DIR=%s php -r %s 2>&1', escapeshellarg($dir),
                escapeshellarg('require "' . repoRoot() . '/host-php/autoload.php"; echo Strata\Bridge\Core::load()->validate(\'{"schema":null,"subject":{"schema":"X","statements":{}}}\');')));
            assertTrue(str_contains($run(), 'schema-not-found'), 'a damaged cache is compiled again');
            clearstatcache();
            assertSame($size, filesize($files[0]), 'and replaced');
            assertTrue(str_contains($run(), 'schema-not-found'), 'a fresh process maps the cache');
        } finally {
            array_map('unlink', glob("$dir/*"));
            rmdir($dir);
        }
    }

    /** @testdox every kind of export fails with the one StrataError shape: value exports, objects, exports through the host */
    public function testEveryKindOfExportFailsWithTheOneStrataErrorShapeValueExportsObjectsExportsThroughTheHo(): void
    {
        $core = Core::load();
        $host = new MemoryHost();
        $cases = [
            'invalid-title' => fn () => $core->normalizeTitle('a/../b'),
            'invalid-argument' => fn () => $core->errorResponse('{"code":"no-such-code","message":"m"}'),
            'invalid-schema' => fn () => $core->validator('"Person"', '{"propertyDefinitions":5}'),
            'invalid-argument ' => fn () => $core->rdfProjector('5'),
            'invalid-argument  ' => fn () => $core->handleRoute('{', $host),
            'invalid-argument   ' => fn () => $core->handlePageAction('{"action":"move"}', $host),
            'invalid-argument    ' => fn () => $core->projectPageChanges('[]', $host),
            'invalidtitle' => fn () => $core->handlePageAction('{"action":"edit","namespace":0,"title":"a|b","text":"x","caller":{"userId":1,"name":"A","anonymous":false,"bot":false,"groups":["*"],"rights":["read"]}}', $host),
        ];
        foreach ($cases as $code => $call) {
            $e = assertThrows(StrataError::class, $call, trim($code));
            assertSame(trim($code), $e->errorCode, 'code');
            assertTrue($e->getMessage() !== '', trim($code) . ' has a message');
        }
        $answer = json_decode($core->errorResponse('{"code":"request-too-large","message":"Too big."}'), true);
        assertSame([413, 'request-too-large'], [$answer['status'], json_decode($answer['body'], true)['error']]);
    }
}
