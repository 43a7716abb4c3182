// The stores of the configuration, opened once per process. Every write to a store goes through
// that store's queue, so the writes of saves and of rebuild batches reach it in the order they were
// made. A write that fails marks the store stale and is logged; it never reaches the edit that made it.
import { resolve } from 'node:path';
import { FalkorDbStore } from './falkordb.js';
import { openSparqlStore, SPARQL_STORE_TYPES } from './index.js';
import { markStale } from './runs.js';

const DEFAULT_GRAPH = 'strata';

export class StoreRegistry {
  #db;
  #log;
  #entries = new Map();

  /** `config`: the host configuration (`stores`, `dataDir`). Clients open on first use. */
  constructor({ db, config, log }) {
    this.#db = db;
    this.#log = log;
    for (const [name, store] of Object.entries(config.stores ?? {})) {
      this.#entries.set(name, {
        name,
        type: store.type,
        kind: SPARQL_STORE_TYPES.includes(store.type) ? 'sparql' : 'graph',
        projection: store.projection ?? 'native',
        options: {
          ...store,
          url: store.url?.replace(/\/+$/, ''),
          directory: resolve(config.dataDir, store.directory ?? `stores/${name}`),
          graph: store.graph ?? DEFAULT_GRAPH,
        },
        client: null,
        queue: Promise.resolve(),
        // Set when a write fails while a rebuild runs: the rebuild then cannot leave the store in-sync.
        missedDuringRun: false,
      });
    }
  }

  entries() {
    return [...this.#entries.values()];
  }

  entry(name) {
    return this.#entries.get(name) ?? null;
  }

  /** The first configured store of a kind (`sparql` or `graph`), which the query endpoints use. */
  first(kind) {
    return this.entries().find((e) => e.kind === kind) ?? null;
  }

  /** The entry's client, opened (or opened anew after the server went away); throws when it cannot be. */
  async client(entry) {
    if (entry.client && (entry.kind === 'sparql' || entry.client.isReady)) return entry.client;
    await entry.client?.close().catch(() => {});
    entry.client = null;
    entry.client = entry.kind === 'sparql'
      ? await openSparqlStore({ type: entry.type, url: entry.options.url, directory: entry.options.directory })
      : await new FalkorDbStore({ url: entry.options.url, graph: entry.options.graph }).connect();
    return entry.client;
  }

  /** Runs `task(client)` after the store's earlier writes; resolves to its result or a failure. */
  enqueue(entry, task) {
    const next = entry.queue.then(async () => {
      try {
        return await task(await this.client(entry));
      } catch (e) {
        return { ok: false, kind: 'unavailable', detail: e?.message ?? String(e) };
      }
    });
    entry.queue = next;
    return next;
  }

  markStale(entry, reason) {
    entry.missedDuringRun = true;
    markStale(this.#db, entry.name, reason);
    this.#log('warning', `store ${entry.name} is stale: ${reason}`);
  }

  /** The `updateStores` operation: applies each page update in its store's queue; never throws. */
  async apply({ updates = [], stale = [] }) {
    for (const { store, reason } of stale) {
      const entry = this.entry(store);
      if (entry) this.markStale(entry, reason);
    }
    await Promise.all(updates.map(async (update) => {
      const entry = this.entry(update.store);
      if (!entry) return;
      const outcome = await this.enqueue(entry, (client) => writePage(client, update));
      if (!outcome.ok) this.markStale(entry, `page ${update.pageId} not written: ${describe(outcome)}`);
    }));
  }

  async close() {
    await Promise.all(this.entries().map(async (entry) => {
      await entry.queue;
      await entry.client?.close().catch(() => {});
      entry.client = null;
    }));
  }
}

function writePage(client, update) {
  return update.kind === 'graph' ? client.run(update.statements) : client.replaceGraph(update.graph, update.trig);
}

export function describe(outcome) {
  return outcome.detail ?? outcome.error?.message ?? outcome.kind ?? 'failed';
}
