<?php
/**
 * The words of a Subject slot for a wiki's search index, from the core through the C ABI export
 * `searchText` (the MediaWiki extension's SearchUpdate text): labels and text values, nothing else.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;

final class SearchTextTest extends TestCase
{
    /** @testdox searchText answers the labels and text values of a slot, one per line */
    public function testSearchTextAnswersTheLabelsAndTextValuesOfASlotOnePerLine(): void
    {
        $slot = json_encode(['mainSubject' => 's1aaaaaaaaaaa01', 'subjects' => ['s1aaaaaaaaaaa01' => [
            'label' => 'Harbour Library', 'schema' => 'Place', 'statements' => [
                'Summary' => ['propertyType' => 'text', 'value' => ['Books by the sea']],
                'Opened' => ['propertyType' => 'date', 'value' => ['1901-01-01']],
            ],
        ]]]);
        assertSame("Harbour Library\nBooks by the sea", Core::load()->searchText($slot));
        assertSame('', Core::load()->searchText('{}'));
    }
}
