// Everything a wiki process keeps about its stores: the registry of clients, the rebuild worker
// and the query rate limiter, opened once and shared by every request.
import { makeRateLimiter } from '../platform/rate-limit.js';
import { RebuildWorker } from './rebuild.js';
import { StoreRegistry } from './registry.js';
import { failInterruptedRuns } from './runs.js';

/**
 * `background`: this process owns the runs (the server): runs left running by a previous process
 * are failed, pending projections make their stores stale, and queued ones are started. The command
 * line passes false.
 */
export function openStores({ db, config, core, log, background = true, batchPages }) {
  const registry = new StoreRegistry({ db, config, log });
  const rebuilds = new RebuildWorker({ db, config, core, log, registry, batchPages });
  if (background) {
    registry.checkPending();
    // Connecting checks each graph server's content before the first write goes through.
    for (const entry of registry.entries()) registry.client(entry).catch(() => {});
    for (const r of failInterruptedRuns(db)) log('warning', `rebuild run ${r.id} of ${r.store} was interrupted; the store is stale`);
    rebuilds.wake();
  }
  return {
    registry,
    rebuilds,
    rateLimiter: makeRateLimiter(config.rateLimits),
    /**
     * Marks stale every store that misses what the wiki wrote: pending markers, and each graph server
     * asked whether it holds the wiki's graph (run before anything is written).
     */
    async check() {
      registry.checkPending();
      await Promise.all(registry.entries().map((entry) => registry.client(entry).catch((e) => {
        log('warning', `store ${entry.name} could not be checked: ${e?.message ?? e}`);
      })));
    },
    async close() {
      await rebuilds.stop();
      await registry.close();
    },
  };
}
