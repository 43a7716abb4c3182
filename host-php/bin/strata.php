<?php
/**
 * The Strata core from the command line, through the PHP bridge: JSON on stdin, the answer on stdout,
 * the same contracts as the wasm exports (README "PHP").
 *
 *   php host-php/bin/strata.php validate           < ValidateRequest        → ValidateResult
 *   php host-php/bin/strata.php normalize-content  < {content, schemas?}    → PageContent (stored form)
 *   php host-php/bin/strata.php project-rdf        < ProjectRdfRequest      → TriG or Turtle
 *
 * `--options JSON` passes StrataOptions (for example `{"sourceKey":"wiki2"}`). A refusal prints the
 * StrataError as JSON on stderr and exits with 1; a usage error exits with 2.
 */

declare(strict_types=1);

require dirname(__DIR__) . '/autoload.php';

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;

const USAGE = "usage: php host-php/bin/strata.php validate|normalize-content|project-rdf [--options JSON] < input.json\n";

$args = array_slice($argv, 1);
$command = array_shift($args);
$options = null;
while ($args !== []) {
    $flag = array_shift($args);
    if ($flag === '--options' && $args !== []) {
        $options = array_shift($args);
    } else {
        fwrite(STDERR, USAGE);
        exit(2);
    }
}

$input = stream_get_contents(STDIN);
try {
    $core = Core::load();
    $answer = match ($command) {
        'validate' => $core->validate($input, $options),
        'normalize-content' => normalizeContent($core, $input, $options),
        'project-rdf' => $core->projectRdf($input, $options),
        default => null,
    };
} catch (StrataError $e) {
    $error = ['name' => 'StrataError', 'code' => $e->errorCode, 'message' => $e->getMessage()]
        + ($e->details === null ? [] : ['details' => $e->details]);
    fwrite(STDERR, json_encode($error, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
    exit(1);
}
if ($answer === null) {
    fwrite(STDERR, USAGE);
    exit(2);
}
echo $answer, str_ends_with($answer, "\n") ? '' : "\n";

/** `{content, schemas?}` split into the export's two arguments; objects stay objects. */
function normalizeContent(Core $core, string $input, ?string $options): string
{
    try {
        $request = json_decode($input, false, 512, JSON_THROW_ON_ERROR);
    } catch (JsonException $e) {
        throw new StrataError('invalid-argument', 'input: ' . $e->getMessage());
    }
    if (!$request instanceof stdClass || !property_exists($request, 'content')) {
        throw new StrataError('invalid-argument', 'input must be an object {content, schemas?}');
    }
    $encode = static fn ($v) => json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR);
    $schemas = $request->schemas ?? null;
    return $core->normalizeContent($encode($request->content), $schemas === null ? null : $encode($schemas), $options);
}
