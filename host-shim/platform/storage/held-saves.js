// A test-only seam, off unless the configuration names `testHoldSavesFile`: while that file exists, a
// `savePages` call that carries Schema revisions to check (`validatedAgainst`, a Subject write) waits
// before its transaction, and says so by creating the file's name plus `.held`. It exists so that an
// end-to-end test can save a Schema between a Subject write's checks and its commit, deterministically,
// and see the write planned again against the new Schema (test/e2e-schema-race.test.js); the same
// seam is MediaWiki's `$wgStrataTestHoldSavesFile`. A held save gives up waiting after `limitMs`.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export async function holdWhileFileExists(file, limitMs = 30_000) {
  if (!existsSync(file)) return;
  writeFileSync(`${file}.held`, '');
  try {
    for (const start = Date.now(); existsSync(file) && Date.now() - start < limitMs;) await sleep(20);
  } finally {
    rmSync(`${file}.held`, { force: true });
  }
}
