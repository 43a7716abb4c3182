// The Host port operations about stores: listing them, rebuild runs, the query endpoints' store
// calls, their wait for the writes before them (`awaitProjection`), their rate limit, and projection
// on save (`updateStores`, applied after the save's answer).
import { activeRun, cancelRun, lastSuccessfulRun, queueRun, storeState } from './runs.js';

const NO_STORE = (kind) => ({ ok: false, kind: 'unavailable', status: null, detail: `no ${kind} store is configured` });

async function opened(registry, entry) {
  try {
    return { client: await registry.client(entry) };
  } catch (e) {
    return { failure: { ok: false, kind: 'unavailable', status: null, detail: e?.message ?? String(e) } };
  }
}

/** `stores` is null where a process has not opened its stores: every store operation then says so. */
export function storeOps({ db, caller, stores }) {
  if (!stores) {
    const closed = () => {
      throw new Error('the stores of this process are not open');
    };
    return Object.fromEntries(['graphStores', 'startRebuild', 'cancelRebuild', 'sparqlQuery', 'cypherQuery', 'awaitProjection', 'hitRateLimit', 'updateStores'].map((op) => [op, closed]));
  }
  const { registry, rebuilds, rateLimiter } = stores;
  return {
    graphStores: () => ({
      stores: registry.entries().map(({ name, type, projection }) => {
        const { state, reason } = storeState(db, name);
        return { name, type, projection, state, stateReason: reason, activeRun: activeRun(db, name), lastSuccessfulRun: lastSuccessfulRun(db, name) };
      }),
    }),
    startRebuild: ({ name }) => {
      if (!registry.entry(name)) return { outcome: 'unknown', run: null };
      const start = queueRun(db, name, caller.name);
      if (start.outcome === 'queued') rebuilds.wake();
      return start;
    },
    cancelRebuild: ({ name }) => ({ run: registry.entry(name) ? cancelRun(db, name) : null }),
    sparqlQuery: async ({ query, timeoutMs }) => {
      const entry = registry.first('sparql');
      if (!entry) return NO_STORE('SPARQL');
      const { client, failure } = await opened(registry, entry);
      return failure ?? client.query(query, { timeoutMs });
    },
    cypherQuery: async ({ query, timeoutMs, catalog }) => {
      const entry = registry.first('graph');
      if (!entry) return NO_STORE('graph');
      const { client, failure } = await opened(registry, entry);
      if (failure) return { ok: false, kind: 'unavailable', detail: failure.detail };
      const answer = await client.read(query, { catalog, timeoutMs });
      return answer.ok ? { ok: true, ...answer.result } : answer;
    },
    awaitProjection: async ({ kind, waitMs }) => {
      const entries = kind ? [registry.first(kind)].filter(Boolean) : registry.entries();
      const pending = await Promise.all(entries.map((entry) => registry.settled(entry, waitMs)));
      return { pending: pending.reduce((a, b) => a + b, 0) };
    },
    hitRateLimit: ({ action }) => rateLimiter.hit(action, caller),
    updateStores: async (args) => {
      await registry.project(args);
      return null;
    },
  };
}
