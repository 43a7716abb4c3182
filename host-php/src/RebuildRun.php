<?php
/**
 * A store rebuild run kept inside the module (the wasm-bindgen `RebuildRun`; docs/stores.md,
 * "Rebuild runs"): the core says each step, the host answers it. Should a trap replace the instance,
 * the run is made again from its setup and starts over from its first step (which clears the store).
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class RebuildRun extends Handle
{
    protected const PREFIX = 'rebuildRun';

    /** @return array<string, mixed> the next step (`step` names it) */
    public function next(): array
    {
        return json_decode($this->run('Next', []), true, 512, JSON_THROW_ON_ERROR);
    }

    /** The answer to the step just taken. */
    public function answer(mixed $answer): void
    {
        $this->run('Answer', [json_encode($answer, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR)]);
    }

    /**
     * The answer to a `pages` step: each page's facts and its stored Subject slot's text (or null),
     * passed as its own bytes: the core splices them into the batch.
     *
     * @param list<array<string, mixed>> $facts
     * @param list<?string> $slots
     */
    public function answerPages(array $facts, array $slots): void
    {
        foreach ($facts as $n => $page) {
            $facts[$n] = (object) ($page + ['slotBytes' => $slots[$n] === null ? null : strlen($slots[$n])]);
        }
        $json = json_encode($facts, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        $this->run('AnswerPages', [$json, implode('', array_filter($slots, static fn ($s) => $s !== null))]);
    }

    /** @param array<string, mixed> $outcome what the write of the oldest `write` step did */
    public function written(array $outcome): void
    {
        $this->run('Written', [json_encode((object) $outcome, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR)]);
    }
}
