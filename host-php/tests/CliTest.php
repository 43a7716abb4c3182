<?php
/**
 * `php host-php/bin/strata.php` as the README documents it: JSON on stdin, the export's answer on
 * stdout; a refusal is the StrataError JSON on stderr with exit code 1, a usage error exit code 2.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

/** @return array{0: int, 1: string, 2: string} exit code, stdout, stderr */
function cli(array $args, string $stdin): array
{
    $command = array_merge([PHP_BINARY, repoRoot() . '/host-php/bin/strata.php'], $args);
    $process = proc_open($command, [['pipe', 'r'], ['pipe', 'w'], ['pipe', 'w']], $pipes);
    fwrite($pipes[0], $stdin);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($process), $out, $err];
}

final class CliTest extends TestCase
{
    /** @testdox validate, normalize-content and project-rdf answer as the exports do */
    public function testValidateNormalizeContentAndProjectRdfAnswerAsTheExportsDo(): void
    {
        $core = Core::load();
        $schema = file_get_contents(repoRoot() . '/examples/wiki/Schema/Book.json');
        $content = file_get_contents(repoRoot() . '/examples/wiki/Subject/Harbour_Lights.json');
        $subject = json_encode(json_decode($content, true)['subjects']['s1bok1aaaaaaa04']);
        $request = '{"schema":' . $schema . ',"subject":' . $subject . '}';
        assertSame([0, $core->validate($request) . "\n", ''], cli(['validate'], $request));
        assertSame([0, $core->normalizeContent($content, '{"Book":' . $schema . '}') . "\n", ''], cli(['normalize-content'], '{"content":' . $content . ',"schemas":{"Book":' . $schema . '}}'));
        $rdf = '{"page":{"pageId":1,"title":"Harbour Lights","prefixedTitle":"Harbour Lights"},"content":' . $content . ',"schemas":{"Book":' . $schema . '},"baseUri":"https://wiki.example/"}';
        [$code, $out] = cli(['project-rdf'], $rdf);
        assertSame([0, $core->projectRdf($rdf)], [$code, $out]);
        assertTrue(str_contains($out, 'Havenlichtjes'), 'the TriG holds the title');
        [$code, $out] = cli(['validate', '--options', '{"sourceKey":"wiki2"}'], '{"schema":null,"subject":{"schema":"X","statements":{}}}');
        assertSame(0, $code, 'options are passed');
    }

    /** @testdox refusals and usage errors */
    public function testRefusalsAndUsageErrors(): void
    {
        [$code, $out, $err] = cli(['validate'], '{"subject":');
        assertSame([1, ''], [$code, $out]);
        assertSame('invalid-argument', json_decode($err, true)['code']);
        [$code, , $err] = cli(['normalize-content'], '{"content":{"subjects":3}}');
        assertSame([1, 'malformed-content'], [$code, json_decode($err, true)['code']]);
        [$code, , $err] = cli(['normalize-content'], '[1]');
        assertSame([1, 'invalid-argument'], [$code, json_decode($err, true)['code']]);
        [$code, , $err] = cli(['validate', '--options', '{"sourceKey":"no good"}'], '{"schema":null,"subject":{"schema":"X","statements":{}}}');
        assertSame([1, 'invalid-argument'], [$code, json_decode($err, true)['code']]);
        assertSame(2, cli(['frobnicate'], '{}')[0]);
        assertSame(2, cli(['validate', '--bogus'], '{}')[0]);
    }
}
