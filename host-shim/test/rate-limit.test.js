// The in-memory rate limiter: counts per caller and action, and says how long a limited caller waits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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
