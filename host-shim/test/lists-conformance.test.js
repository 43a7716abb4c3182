// The list conformance corpus (tests/conformance/lists.json) run against the SQLite host's
// `listSubjects` operation: the same requests and expected rows MemoryHost answers in
// tests/api/lists_conformance.rs. The corpus is the one statement of the list search and sort rules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { anonymousCaller } from '../platform/auth/caller.js';
import { makeHostOps } from '../platform/ops.js';
import { openSite, quietLog } from '../test-support/site.js';

const corpus = JSON.parse(readFileSync(new URL('../../tests/conformance/lists.json', import.meta.url), 'utf8'));
const DEFAULTS = { schema: null, search: null, after: null, limit: 50, includeDependent: false, timeoutMs: 60000 };

/** The corpus wiki: each page saved on its own, its Subjects at their positions, all changed. */
async function corpusHost() {
  const { db, config } = openSite();
  const ops = makeHostOps({ db, config, caller: anonymousCaller(config, '127.0.0.1'), log: quietLog });
  for (const page of corpus.pages) {
    const subjects = page.subjects.map((subject, position) => ({ ...subject, position }));
    const index = { subjects, relations: [], changedSubjectIds: subjects.map((s) => s.subjectId) };
    const saved = await ops.savePages({ saves: [{
      pageId: null, namespace: page.namespace, title: page.title, baseRevisionId: null, createOnly: true,
      comment: 'seed', contentModel: 'wikitext', mainSlot: null, subjectSlot: '{}', index,
    }] });
    assert.equal(saved.ok, true, JSON.stringify(saved));
  }
  return ops;
}

test('the SQLite host answers every case of the list corpus', async () => {
  const ops = await corpusHost();
  assert.ok(corpus.cases.length > 20);
  const failures = [];
  for (const { name, request, rows } of corpus.cases) {
    const answer = ops.listSubjects({ ...DEFAULTS, ...request });
    const got = answer.rows.map((row) => row.subjectId);
    if (JSON.stringify(got) !== JSON.stringify(rows)) failures.push(`${name}: got ${JSON.stringify(got)}, expected ${JSON.stringify(rows)}`);
  }
  assert.deepEqual(failures, []);
});
