// The in-memory rate limiter: counts per caller and action, and says how long a limited caller waits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildConfig } from '../platform/config.js';
import { makeRateLimiter } from '../platform/rate-limit.js';

test('a limited caller learns the seconds left in its window', () => {
  let now = 1_000_000;
  const limiter = makeRateLimiter({ 'strata-query': { user: { count: 2, seconds: 60 } } }, () => now);
  const alice = { anonymous: false, bot: false, userId: 7, name: 'Alice' };
  assert.deepEqual(limiter.hit('strata-query', alice), { limited: false });
  assert.deepEqual(limiter.hit('strata-query', alice), { limited: false });
  now += 15_500;
  assert.deepEqual(limiter.hit('strata-query', alice), { limited: true, retryAfterSeconds: 45 });
  assert.deepEqual(limiter.hit('strata-query', { ...alice, userId: 8 }), { limited: false }, 'another caller counts alone');
  assert.deepEqual(limiter.hit('other-action', alice), { limited: false }, 'an action without a limit');
  now += 45_000;
  assert.deepEqual(limiter.hit('strata-query', alice), { limited: false }, 'a new window');
});

test('the default limits follow the spec: anonymous 10, user 60, bot 1000 per 60 s, exempt groups by right', () => {
  const { rateLimits } = buildConfig({}, { baseDir: '/srv/wiki' });
  const cases = [
    ['anonymous, counted by address', { anonymous: true, bot: false, userId: 0, name: '192.0.2.1' }, 10],
    ['logged-in user', { anonymous: false, bot: false, userId: 7, name: 'Alice' }, 60],
    ['bot', { anonymous: false, bot: true, userId: 9, name: 'Importer' }, 1000],
  ];
  for (const [what, caller, allowed] of cases) {
    let now = 5_000_000;
    const limiter = makeRateLimiter(rateLimits, () => now);
    for (let i = 0; i < allowed; i += 1) assert.deepEqual(limiter.hit('strata-query', caller), { limited: false }, `${what}: use ${i + 1}`);
    assert.deepEqual(limiter.hit('strata-query', caller), { limited: true, retryAfterSeconds: 60 }, `${what}: one more`);
    now += 60_000;
    assert.deepEqual(limiter.hit('strata-query', caller), { limited: false }, `${what}: the next window`);
  }
  const { groupRights } = buildConfig({}, { baseDir: '/srv/wiki' });
  const holders = (right) => Object.keys(groupRights).filter((group) => groupRights[group].includes(right)).sort();
  assert.deepEqual(holders('noratelimit'), ['bureaucrat', 'sysop'], 'the exempt groups');
  assert.deepEqual(holders('apihighlimits'), ['bot', 'sysop'], 'the groups of the expensive tier');
  assert.deepEqual(holders('strata-query'), ['*', 'user'], 'everyone queries, anonymous included');
});
