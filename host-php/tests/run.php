<?php
/**
 * Runs the PHP bridge's tests (every tests/*Test.php, or the files given): one `ok`/`not ok` line per
 * case, then `# pass N` and `# fail N`. Exits with 1 when a case failed.
 */

declare(strict_types=1);

require __DIR__ . '/harness.php';

$files = array_slice($argv, 1) ?: glob(__DIR__ . '/*Test.php');
$passed = $failed = 0;
foreach ($files as $file) {
    $GLOBALS['strata_tests'] = [];
    require $file;
    foreach ($GLOBALS['strata_tests'] as $name => $case) {
        $label = basename($file, '.php') . ': ' . $name;
        try {
            $case();
            $passed++;
            echo "ok - $label\n";
        } catch (Throwable $e) {
            $failed++;
            echo "not ok - $label\n  " . get_class($e) . ': ' . str_replace("\n", "\n  ", $e->getMessage()) . "\n";
        }
    }
}
echo "# pass $passed\n# fail $failed\n";
exit($failed === 0 ? 0 : 1);
