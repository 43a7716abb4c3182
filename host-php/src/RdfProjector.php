<?php
/**
 * One RDF projection set up once inside the module for many pages (the wasm-bindgen `RdfProjector`).
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class RdfProjector extends Handle
{
    protected const PREFIX = 'rdfProjector';

    /** TriG or Turtle of one page: its facts (JSON) and its Subject slot (JSON text or null). */
    public function projectPage(string $page, ?string $content, bool $prefixes): string
    {
        return $this->run('ProjectPage', [$page, $content, $prefixes ? 1 : 0]);
    }

    /** @return list<string> */
    public function projectionNames(): array
    {
        return json_decode($this->run('ProjectionNames', []), true, 512, JSON_THROW_ON_ERROR);
    }

    public function subjectIri(string $id): string
    {
        return $this->run('SubjectIri', [$id]);
    }
}
