<?php
/**
 * fetchSource for PHP hosts (Strata\Bridge\SourceFetcher) against real servers: a reference wiki
 * that requires login, read with a bot password through the core's `GET /subject/{source:id}` on a
 * PHP MemoryHost; and sources that never answer, answer 500, 10 MB or a redirect (docs/federation.md).
 */

declare(strict_types=1);

use Strata\Bridge\SourceFetcher;
use Strata\Bridge\Testing\MemoryHost;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;

require_once __DIR__ . '/support/rest.php';

/** Runs the reference host's command line on a config file; answers its stdout. */
function strataCli(string $config, string ...$args): string
{
    $command = array_merge(['node', repoRoot() . '/host-shim/bin/strata.js'], $args, ['--config', $config]);
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    assertSame(0, proc_close($process), 'strata ' . implode(' ', $args) . ": $err");
    return $out;
}

/** Starts a server process and reads its URL with $pattern from $pipe (1: stdout, 2: stderr). */
function startServer(array $command, int $pipe, string $pattern): array
{
    $process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $seen = '';
    while (!preg_match($pattern, $seen, $m)) {
        $line = fgets($pipes[$pipe]);
        if ($line === false) {
            throw new RuntimeException("the server stopped before listening: $seen");
        }
        $seen .= $line;
    }
    return [$process, $pipes, $m[1]];
}

function stopServer(array $server): void
{
    [$process, $pipes] = $server;
    fclose($pipes[0]);
    proc_terminate($process);
    proc_close($process);
}

final class SourceFetcherTest extends TestCase
{
    /** @testdox a PHP core reads a Subject of a reference wiki that requires login, with a bot password */
    public function testAPHPCoreReadsASubjectOfAReferenceWikiThatRequiresLoginWithABotPassword(): void
    {
        $dir = sys_get_temp_dir() . '/strata-php-source-' . bin2hex(random_bytes(4));
        mkdir($dir);
        $config = "$dir/strata.config.json";
        file_put_contents($config, json_encode(['listen' => '127.0.0.1:0', 'dataDir' => 'data', 'sourceKey' => 'alpha', 'loginRequired' => true]));
        strataCli($config, 'import', repoRoot() . '/examples/wiki');
        strataCli($config, 'user', 'create', 'Reader', '--password', 'reader password');
        [$login, $password] = explode("\n", trim(strataCli($config, 'botpassword', 'create', 'Reader', 'php')));
        $server = startServer(['node', repoRoot() . '/host-shim/bin/strata.js', 'serve', '--config', $config], 2, '#listening on (http://127\.0\.0\.1:\d+)#');
        try {
            $alpha = ['baseUrl' => "{$server[2]}/rest.php", 'botUser' => $login, 'botPassword' => $password];
            $host = new MemoryHost(['sourceKey' => 'beta', 'sources' => ['alpha' => $alpha]]);
            [$status, $body] = rest($host, 'GET', '/strata/v0/subject/alpha:s1per1aaaaaaa05');
            assertSame(200, $status, json_encode($body));
            assertSame('Pieter Claesz Staal', $body['subjects']['alpha:s1per1aaaaaaa05']['displayName']);
            assertSame(['source' => 'alpha', 'name' => 'Person'], $body['subjects']['alpha:s1per1aaaaaaa05']['schema']);
            [$status] = rest($host, 'GET', '/strata/v0/subject/alpha:s1nosuchaaaaaa1');
            assertSame(404, $status, 'not found on the source');
            $anonymous = new MemoryHost(['sourceKey' => 'beta', 'sources' => ['alpha' => ['baseUrl' => $alpha['baseUrl']]]]);
            // Another Subject: the core's answer cache is keyed by source and path, and this process's
            // core already holds the bot's read of Pieter Claesz Staal.
            [$status, $body] = rest($anonymous, 'GET', '/strata/v0/subject/alpha:s1map1aaaaaaa03');
            assertSame([502, 'source-unavailable'], [$status, errorCode($body)], 'without the bot password the source refuses');
        } finally {
            stopServer($server);
            exec('rm -rf ' . escapeshellarg($dir));
        }
    }

    /** @testdox sources that never answer, fail, answer 10 MB or redirect are answered as failures */
    public function testSourcesThatNeverAnswerFailAnswer10MBOrRedirectAreAnsweredAsFailures(): void
    {
        $server = startServer(['node', repoRoot() . '/host-shim/test-support/serve-fake-sources.js'], 1, '#(http://127\.0\.0\.1:\d+)#');
        try {
            $sources = [];
            foreach (['slow', 'broken', 'big', 'moved'] as $kind) {
                $sources[$kind] = ['baseUrl' => "{$server[2]}/$kind/rest.php"];
            }
            $fetcher = new SourceFetcher($sources);
            // Only the source that never answers gets a short deadline: a loaded machine must not turn the
            // others' answers into timeouts.
            $fetch = static fn (string $source, string $path = '/strata/v0/subject/s1abc') => $fetcher->fetch(
                ['source' => $source, 'path' => $path, 'timeoutMs' => $source === 'slow' ? 500 : 30000, 'maxBytes' => 1024]
            );
            assertSame('timeout', $fetch('slow')['failure'] ?? null);
            assertSame(['status' => 500, 'body' => 'internal error'], $fetch('broken'));
            assertSame('too-large', $fetch('big')['failure'] ?? null);
            assertSame('redirect', $fetch('moved')['failure'] ?? null);
            assertSame(['failure' => 'unknown-source'], $fetch('nowhere'));
            foreach (['/../api.php', 'relative', '//evil.example/x', '/a?b=c'] as $path) {
                assertSame('unreachable', $fetch('broken', $path)['failure'] ?? null, $path);
            }
        } finally {
            stopServer($server);
        }
    }
}
