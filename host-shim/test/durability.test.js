import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { ApiClient } from '../test-support/api-client.js';
import { tempDir } from '../test-support/site.js';
import { serve } from '../test-support/wiki-process.js';

test('every acknowledged edit survives a SIGKILL mid-write', { timeout: 60_000 }, async () => {
  const dir = tempDir();
  const configFile = join(dir, 'strata.config.json');
  writeFileSync(configFile, JSON.stringify({ listen: '127.0.0.1:0', dataDir: 'data' }));
  const acknowledged = [];
  try {
    const first = serve(configFile);
    const client = new ApiClient(await first.url);
    let next = 0;
    const writer = async () => {
      while (first.child.exitCode === null && first.child.signalCode === null) {
        const n = next;
        next += 1;
        try {
          const answer = await client.post({ action: 'edit', title: `Durable ${n % 7}`, text: `edit ${n}`, token: '+\\' });
          if (answer.edit?.result === 'Success') acknowledged.push({ n, revisionId: answer.edit.newrevid });
          if (acknowledged.length === 60) first.child.kill('SIGKILL');
        } catch {
          return; // the server is gone mid-request: this edit was never acknowledged
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    assert.deepEqual(await first.exited, { code: null, signal: 'SIGKILL' });
    assert.ok(acknowledged.length >= 60);

    const second = serve(configFile);
    const url = await second.url;
    for (let page = 0; page < 7; page += 1) {
      assert.equal((await fetch(`${url}/wiki/Durable_${page}`)).status, 200, `Durable ${page}`);
    }
    second.child.kill('SIGTERM');
    assert.equal((await second.exited).code, 0);

    const db = new Database(join(dir, 'data', 'strata.sqlite'), { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.deepEqual(db.pragma('foreign_key_check'), []);
      const text = db.prepare('SELECT main_slot FROM revision WHERE id = ?').pluck();
      for (const { n, revisionId } of acknowledged) assert.equal(text.get(revisionId), `edit ${n}`, `revision ${revisionId}`);
      const latest = db.prepare("SELECT title, latest_revision_id FROM page WHERE title LIKE 'Durable %'").all();
      for (const { title, latest_revision_id: latestId } of latest) {
        const mine = acknowledged.filter(({ n }) => `Durable ${n % 7}` === title).map(({ revisionId }) => revisionId);
        assert.ok(latestId >= Math.max(...mine), `${title} kept its last acknowledged revision`);
      }
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
