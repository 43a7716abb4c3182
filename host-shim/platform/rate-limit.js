// Rate limits keyed like MediaWiki's $wgRateLimits: action → caller kind (anon, user, bot) →
// {count, seconds}. Counters live in memory, one fixed window per (action, caller): a restart
// forgets them, and several server processes would each count on their own.

const PRUNE_AT = 10_000;

/** The caller's kind and the key its uses are counted under: anonymous callers by IP address. */
function counted(caller) {
  if (caller.anonymous) return { kind: 'anon', key: `ip:${caller.name}` };
  return { kind: caller.bot ? 'bot' : 'user', key: `user:${caller.userId}` };
}

export function makeRateLimiter(rateLimits, now = () => Date.now()) {
  const windows = new Map();
  const prune = (at) => {
    for (const [key, w] of windows) if (at >= w.endsAt) windows.delete(key);
  };
  return {
    /**
     * Counts one use: `{limited: false}`, or, when the caller was already at the limit (that use is
     * not counted), `{limited: true, retryAfterSeconds}` until the window ends.
     */
    hit(action, caller) {
      const { kind, key } = counted(caller);
      const limit = rateLimits?.[action]?.[kind];
      if (!limit) return { limited: false };
      const at = now();
      if (windows.size >= PRUNE_AT) prune(at);
      const id = `${action}\u0000${key}`;
      let w = windows.get(id);
      if (!w || at >= w.endsAt) {
        w = { endsAt: at + limit.seconds * 1000, count: 0 };
        windows.set(id, w);
      }
      if (w.count >= limit.count) return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((w.endsAt - at) / 1000)) };
      w.count += 1;
      return { limited: false };
    },
  };
}
