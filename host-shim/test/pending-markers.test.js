// The pending-marker corpus (tests/conformance/pending-markers.json) run against the reference
// host's SQL (stores/pending.js): the same cases MediaWiki's StoreStates answers in
// mediawiki/tests/phpunit/unit/Stores/PendingMarkersTest.php. The corpus is the one statement of
// which revision a page's marker keeps and what an acknowledgement or a rebuild clears.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { clearPending, clearPendingBefore, markPending } from '../stores/pending.js';
import { openSite } from '../test-support/site.js';

const corpus = JSON.parse(readFileSync(new URL('../../tests/conformance/pending-markers.json', import.meta.url), 'utf8'));

test('the reference host leaves the markers of every case of the pending-marker corpus', async () => {
  assert.ok(corpus.cases.length >= 9);
  for (const { case: name, steps, left } of corpus.cases) {
    const { db } = openSite();
    try {
      for (const step of steps) {
        if (step.op === 'mark') db.transaction(() => markPending(db, step.stores, step.page, step.rev))();
        else if (step.op === 'ack') await clearPending(db, step.store, [{ pageId: step.page, revisionId: step.rev }]);
        else if (step.op === 'rebuilt') clearPendingBefore(db, step.store, step.upTo);
        else assert.fail(`${name}: no step ${step.op}`);
      }
      const rows = db.prepare('SELECT store, page_id, revision_id FROM projection_pending ORDER BY store, page_id').raw().all();
      assert.deepEqual(rows, left, name);
    } finally {
      db.close();
    }
  }
});
