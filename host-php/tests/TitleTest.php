<?php
/**
 * The core's one title rule reached from PHP through the C ABI export `normalizeTitle`: the stored
 * spelling of accepted titles, and MediaWiki's refusal key for the ones it refuses.
 */

declare(strict_types=1);

use Strata\Bridge\Core;
use Strata\Bridge\StrataError;
use PHPUnit\Framework\TestCase;
use function PHPUnit\Framework\assertSame;

final class TitleTest extends TestCase
{
    /** @testdox normalizeTitle answers the stored spelling of a title */
    public function testNormalizeTitleAnswersTheStoredSpellingOfATitle(): void
    {
        $cases = [
            'a_b' => 'A b',
            '  ACME   Inc_ ' => 'ACME Inc',
            'éclair' => 'Éclair',
            'Person' => 'Person',
        ];
        foreach ($cases as $raw => $stored) {
            assertSame($stored, Core::load()->normalizeTitle((string) $raw), "title '$raw'");
        }
    }

    /** @testdox normalizeTitle refuses invalid titles with invalid-title and the MediaWiki key */
    public function testNormalizeTitleRefusesInvalidTitlesWithInvalidTitleAndTheMediaWikiKey(): void
    {
        $cases = [
            'a/../b' => 'title-invalid-relative',
            '' => 'title-invalid-empty',
            'a[b' => 'title-invalid-characters',
        ];
        foreach ($cases as $raw => $key) {
            $e = assertThrows(StrataError::class, fn () => Core::load()->normalizeTitle((string) $raw), "title '$raw'");
            assertSame('invalid-title', $e->errorCode, "code for '$raw'");
            assertSame($key, $e->details['titleError'] ?? null, "titleError for '$raw'");
        }
    }
}
