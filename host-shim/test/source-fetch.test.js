// The reference host's `fetchSource`: only URLs under a registered base are built, an unregistered key
// is answered as unknown, and the limits of the call hold (no redirect followed, bodies capped).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildConfig } from '../platform/config.js';
import { sourceFetcher, sourceUrl } from '../platform/sources/fetch-source.js';
import { FakeSources } from '../test-support/fake-sources.js';
import { quietLog } from '../test-support/site.js';

const BASE = 'http://127.0.0.1:9/w/rest.php';

test('a path stays under the base URL or is refused', () => {
  const cases = [
    ['/strata/v0/subject/s1abc', 'http://127.0.0.1:9/w/rest.php/strata/v0/subject/s1abc'],
    ['/strata/v0/schema/A%2FB', 'http://127.0.0.1:9/w/rest.php/strata/v0/schema/A%2FB'],
    ['strata/v0/subject/x', null],
    ['/../api.php', null],
    ['/strata/./v0', null],
    ['//evil.example/rest.php', null],
    ['/strata\\v0', null],
    ['@evil.example/', null],
    [42, null],
  ];
  for (const [path, want] of cases) assert.equal(sourceUrl(BASE, path)?.href ?? null, want, String(path));
});

let fake;
before(async () => {
  fake = await new FakeSources().start();
});
after(() => fake.stop());

test('answers: unknown source, redirect not followed, body over maxBytes, deadline', async () => {
  const config = buildConfig({ sources: { moved: fake.source('moved'), big: fake.source('big'), slow: fake.source('slow') } });
  const fetch = sourceFetcher(config, quietLog);
  // Only the source that never answers gets a short deadline.
  const answer = (source) => fetch({ source, path: '/strata/v0/subject/s1abc', timeoutMs: source === 'slow' ? 300 : 30000, maxBytes: 1024 });
  assert.deepEqual(await answer('nowhere'), { failure: 'unknown-source' });
  assert.deepEqual(await answer('moved'), { failure: 'redirect', body: '' });
  assert.deepEqual(await answer('big'), { failure: 'too-large', body: '' });
  assert.deepEqual(await answer('slow'), { failure: 'timeout', body: '' });
  assert.deepEqual(fake.requests.map((r) => r.url), ['/moved', '/big', '/slow'].map((p) => `${p}/rest.php/strata/v0/subject/s1abc`));
});
