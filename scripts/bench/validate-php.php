<?php
/**
 * Validation throughput through the PHP bridge (one process, each Schema compiled once into a
 * Validator, and all of them into one BatchValidator), the cost of loading the precompiled module in
 * a fresh PHP process (as each PHP request does), compiling it without the cache, and the module's
 * memory. Prints figures, asserts nothing.
 * Usage: php scripts/bench/validate-php.php [WIKI_DIR] [ROUNDS] [PROCESSES]
 */

declare(strict_types=1);

require dirname(__DIR__, 2) . '/host-php/autoload.php';

use Strata\Bridge\Core;

$dir = $argv[1] ?? 'examples/wiki';
$rounds = (int) ($argv[2] ?? 2000);
$processes = (int) ($argv[3] ?? 20);
const REPEATS = 5;

$median = static function (array $xs): float {
    sort($xs);
    return $xs[intdiv(count($xs), 2)];
};
$rss = static fn (): int => (int) preg_replace('/\D/', '', current(preg_grep('/^VmRSS/', file('/proc/self/status')))) * 1024;

$rssBefore = $rss();
$core = Core::load();
$validators = [];
$schemaMembers = [];
foreach (glob("$dir/Schema/*.json") as $file) {
    $name = str_replace('_', ' ', basename($file, '.json'));
    $validators[$name] = $core->validator(json_encode($name), file_get_contents($file));
    $schemaMembers[] = json_encode($name) . ':' . file_get_contents($file);
}
$batch = $core->batchValidator('{' . implode(',', $schemaMembers) . '}');
$work = [];
$items = [];
foreach (glob("$dir/Subject/*.json") as $file) {
    $page = json_decode(file_get_contents($file));
    foreach ($page->subjects ?? [] as $id => $subject) {
        if (isset($validators[$subject->schema])) {
            $context = json_encode(['subjectId' => $id, 'isMain' => ($page->mainSubject ?? null) === $id]);
            $subjectJson = json_encode($subject, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
            $work[] = [$validators[$subject->schema], $subjectJson, $context];
            $items[] = '{"subject":' . $subjectJson . ',"context":' . $context . '}';
        }
    }
}
// Each path validates every Subject once per round: one Validator call a Subject, or one
// BatchValidator call for all of them (its items text built inside the round, as a caller would).
$paths = [
    'Validator::validateJson, one call a Subject' => static function () use ($work): void {
        foreach ($work as [$v, $s, $c]) {
            $v->validateJson($s, $c);
        }
    },
    'BatchValidator::validateJson, one call a round' => static function () use ($batch, $items): void {
        $batch->validateJson('[' . implode(',', $items) . ']');
    },
];
$rates = array_map(fn () => [], $paths);
foreach ($paths as $round) {
    $round();
}
for ($r = 0; $r < REPEATS; $r++) {
    foreach ($paths as $label => $round) {
        $start = hrtime(true);
        for ($i = 0; $i < $rounds; $i++) {
            $round();
        }
        $rates[$label][] = $rounds * count($work) / ((hrtime(true) - $start) / 1e9);
    }
}
foreach ($rates as $label => $xs) {
    sort($xs);
    $m = $median($xs);
    printf(
        "validate php (%s, JSON text): %d Subjects of %s x %d rounds, %d runs alternating: median %d Subjects/s (%.2f µs each), best %d, worst %d\n",
        $label,
        count($work),
        $dir,
        $rounds,
        REPEATS,
        $m,
        1e6 / $m,
        end($xs),
        $xs[0]
    );
}
printf(
    "php module memory: linear memory %.1f MiB after the runs; process RSS %.1f MiB, of which %.1f MiB came with loading the module and validating\n",
    $core->instance->memoryBytes() / 1048576,
    $rss() / 1048576,
    ($rss() - $rssBefore) / 1048576
);

// A fresh PHP process per request: load (map the precompiled module, instantiate) and one validate.
$script = 'require "' . dirname(__DIR__, 2) . '/host-php/autoload.php"; $t = hrtime(true); $c = Strata\Bridge\Core::load(); $l = hrtime(true);'
    . ' $c->validate(\'{"schema":null,"subject":{"schema":"X","statements":{}}}\'); $v = hrtime(true); echo ($l - $t) / 1e6, " ", ($v - $l) / 1e6;';
$run = static function (string $code, array $env = []): array {
    $start = hrtime(true);
    $assignments = array_map(fn ($k, $v) => "$k=" . escapeshellarg($v), array_keys($env), $env);
    $out = shell_exec(implode(' ', $assignments) . ' ' . escapeshellarg(PHP_BINARY) . ' -r ' . escapeshellarg($code));
    return [(hrtime(true) - $start) / 1e6, array_map('floatval', explode(' ', trim((string) $out)))];
};
$loads = $firsts = $walls = $bare = [];
for ($i = 0; $i < $processes; $i++) {
    [$wall, [$load, $first]] = $run($script);
    $walls[] = $wall;
    $loads[] = $load;
    $firsts[] = $first;
    $bare[] = $run('echo "0 0";')[0];
}
printf(
    "php per request (%d fresh processes): load of the precompiled module median %.1f ms, first validate %.2f ms;"
    . " whole process %.1f ms vs %.1f ms for an empty PHP process\n",
    $processes,
    $median($loads),
    $median($firsts),
    $median($walls),
    $median($bare)
);
$cold = sys_get_temp_dir() . '/strata-bench-cold-' . getmypid();
[$wall, [$load]] = $run($script, ['STRATA_PHP_CACHE_DIR' => $cold]);
array_map('unlink', glob("$cold/*") ?: []);
@rmdir($cold);
printf("php without the cache: compiling the module %.0f ms (once per machine and module build)\n", $load);
printf("precompiled module file: %.1f MiB\n", filesize(glob(Strata\Bridge\CompiledModule::defaultCacheDir() . '/*.cwasm')[0]) / 1048576);
