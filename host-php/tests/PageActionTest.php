<?php
/**
 * handlePageAction through the bridge (the api.php edits a MediaWiki extension hands to the core):
 * a Schema page is created and then refused when invalid, with the in-memory PHP host storing it.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use Strata\Bridge\Testing\MemoryHost;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;
use function PHPUnit\Framework\assertTrue;

/** The action's result; a refusal throws the core's StrataError. */
function pageAction(MemoryHost $host, array $request): array
{
    $request += ['caller' => ['userId' => 1, 'name' => 'Admin', 'anonymous' => false, 'bot' => false, 'groups' => ['*', 'user'], 'rights' => ['read', 'edit', 'createpage', 'delete']]];
    return json_decode(Core::load()->handlePageAction(json_encode($request, JSON_UNESCAPED_SLASHES), $host), true, 512, JSON_THROW_ON_ERROR);
}

final class PageActionTest extends TestCase
{
    /** @testdox a Schema page is saved through handlePageAction, an invalid one is refused */
    public function testASchemaPageIsSavedThroughHandlePageActionAnInvalidOneIsRefused(): void
    {
        $host = new MemoryHost();
        $schema = file_get_contents(repoRoot() . '/examples/wiki/Schema/Person.json');
        $saved = pageAction($host, ['action' => 'edit', 'namespace' => 7474, 'title' => 'Person', 'slot' => 'main', 'text' => $schema, 'summary' => 'new', 'baseRevisionId' => 0]);
        assertSame(['strata-schema', true], [$saved['contentModel'], $saved['new']], json_encode($saved));
        $stored = $host->pageByTitle(['namespace' => 7474, 'title' => 'Person'])['mainSlot'];
        assertTrue(isset(json_decode($stored, true)['propertyDefinitions']['Full name']), 'the page holds the Schema in its canonical form');

        $bad = ['action' => 'edit', 'namespace' => 7474, 'title' => 'Person', 'slot' => 'main', 'text' => '{"propertyDefinitions":{"A":{"type":"number","minimum":5,"maximum":1}}}', 'summary' => 'bad', 'baseRevisionId' => null];
        $refused = assertThrows(StrataError::class, fn () => pageAction($host, $bad), 'an invalid Schema');
        assertSame('strata-invalid-schema', $refused->errorCode);
        assertTrue(str_contains($refused->getMessage(), 'minimum'), $refused->getMessage());
        assertSame($stored, $host->pageByTitle(['namespace' => 7474, 'title' => 'Person'])['mainSlot'], 'unchanged');
    }
}
