// The stores of the configuration, opened once per process. Every write to a store goes through
// that store's queue, so the writes of saves and of rebuild batches reach it in the order they were
// made. A write that fails marks the store stale and is logged; it never reaches the edit that made it.
// A save's projection runs after its answer (`project`); the store queries and the stores' listing
// wait for the writes queued before them (`settled`), within the core's bound, so a query sees every
// save answered before it.
import { resolve } from 'node:path';
import { FalkorDbStore } from './falkordb.js';
import { loadCore } from '../src/loader.js';
import { openSparqlStore } from './index.js';
import { clearPending, pendingCounts } from './pending.js';
import { LIFECYCLE, storeEvent, storeState } from './runs.js';

const core = await loadCore();
/** Store type to its kind (`sparql` or `graph`): the core's table (`storeKinds`). */
const STORE_KINDS = core.storeKinds();
/** What every graph store connection runs before its first write (`graphIndexes`). */
const GRAPH_INDEXES = core.graphIndexes();

const DEFAULT_GRAPH = 'strata';
/** Projections of saves under way at most; a save beyond waits for the oldest (the stores' pace). */
export const MAX_PROJECTIONS_BEHIND = 256;

export class StoreRegistry {
  #db;
  #log;
  #entries = new Map();
  #projecting = new Set();

  /** `config`: the host configuration (`stores`, `dataDir`). Clients open on first use. */
  constructor({ db, config, log }) {
    this.#db = db;
    this.#log = log;
    for (const [name, store] of Object.entries(config.stores ?? {})) {
      this.#entries.set(name, {
        name,
        type: store.type,
        kind: STORE_KINDS[store.type],
        projection: store.projection ?? 'native',
        options: {
          ...store,
          url: store.url?.replace(/\/+$/, ''),
          directory: resolve(config.dataDir, store.directory ?? `stores/${name}`),
          graph: store.graph ?? DEFAULT_GRAPH,
        },
        client: null,
        queue: Promise.resolve(),
        // Writes queued and not yet taken or failed, and when the last one was queued.
        pending: 0,
        queuedAt: 0,
        // Resolves once the writes queued so far were sent (pipelined) or answered (the others).
        sending: Promise.resolve(),
        // Set when a write fails while a rebuild runs: the rebuild then cannot leave the store in-sync.
        missedDuringRun: false,
        // Page updates queued so far: a rebuild that sees it move knows saves wrote into its graph.
        pageUpdates: 0,
        acknowledged: Promise.resolve(),
        opening: null,
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

  /**
   * The entry's client, opened (or opened anew after the server went away); throws when it cannot be.
   * Each connection to a graph server first checks that the server holds what the wiki wrote; its
   * first write makes the indexes the statements match by (a store fed only by saves has them too).
   */
  async client(entry) {
    if (entry.client && (entry.kind === 'sparql' || entry.client.isReady)) return entry.client;
    entry.opening ??= this.#open(entry).finally(() => {
      entry.opening = null;
    });
    return entry.opening;
  }

  async #open(entry) {
    await entry.client?.close().catch(() => {});
    entry.client = null;
    if (entry.kind === 'sparql') {
      entry.client = await openSparqlStore(entry.options);
      return entry.client;
    }
    const client = await new FalkorDbStore({ url: entry.options.url, readUrl: entry.options.readUrl, graph: entry.options.graph, indexes: GRAPH_INDEXES }).connect();
    await this.#checkContent(entry, client);
    entry.client = client;
    return client;
  }

  // The server's content marker, read in the states the core checks, goes to the core (`contentChecked`).
  // A graph found lost during a rebuild lost the rebuild's batches too: that run cannot leave it in-sync.
  async #checkContent(entry, client) {
    if (!LIFECYCLE.checkContentIn.includes(storeState(this.#db, entry.name).state)) return;
    const found = await client.contentMarker();
    if (this.event(entry, { event: 'contentChecked', graph: entry.options.graph, found })) entry.missedDuringRun = true;
  }

  /**
   * Runs `task(client)` after the store's earlier writes; resolves to its result or a failure. A
   * `pipelined` task sends all its calls before it returns (no await in between): when the client
   * takes concurrent calls in their order (one connection, one worker thread), the next write is sent
   * at once instead of after this one's answer, so a save's projection does not wait for a round trip
   * per write. Any other task, or a client that cannot keep the order, holds the writes behind it
   * until it is answered.
   */
  enqueue(entry, task, { pipelined = false } = {}) {
    const step = entry.sending.then(async () => {
      const client = await this.client(entry);
      const outcome = task(client);
      if (!(pipelined && client.keepsCallOrder)) await outcome;
      return { outcome };
    });
    entry.sending = step.catch(() => {});
    const result = step.then(({ outcome }) => outcome)
      .catch((e) => ({ ok: false, kind: 'unavailable', detail: e?.message ?? String(e) }));
    entry.pending += 1;
    entry.queuedAt = Date.now();
    entry.queue = entry.queue.then(() => result).finally(() => { entry.pending -= 1; });
    return result;
  }

  /** Resolves once the store has taken (or failed) every write queued so far. */
  written(entry) {
    return entry.queue;
  }

  /**
   * The `awaitProjection` operation for one store: waits for the writes queued so far until the store
   * took or failed them, but for none past the age of `waitMs` (the core's `queryWaitSeconds`).
   * Resolves to the number still pending then (0: none).
   */
  async settled(entry, waitMs) {
    if (entry.pending === 0) return 0;
    let timer;
    const bound = new Promise((resolve) => { timer = setTimeout(resolve, Math.max(0, entry.queuedAt + waitMs - Date.now())); });
    const done = await Promise.race([entry.queue.then(() => true), bound.then(() => false)]);
    clearTimeout(timer);
    return done ? 0 : entry.pending;
  }

  /**
   * The `updateStores` operation: starts `apply` and returns without waiting for the stores (the save
   * is already durable with its pending markers). Only when the stores fall `MAX_PROJECTIONS_BEHIND`
   * projections behind does it wait for the oldest, so a slow store slows saves instead of filling memory.
   */
  async project(args) {
    const run = this.apply(args).catch((e) => this.#log('warning', `projection failed: ${e?.message ?? e}`));
    this.#projecting.add(run);
    run.finally(() => this.#projecting.delete(run));
    while (this.#projecting.size > MAX_PROJECTIONS_BEHIND) await Promise.race(this.#projecting);
  }

  /** Resolves once every projection started so far has reached its stores, or failed (tests, shutdown). */
  async applied() {
    while (this.#projecting.size > 0) await Promise.all(this.#projecting);
  }

  /**
   * At start-up, before anything is written: a pending marker means the last process stopped between
   * a save's commit and the store's acknowledgement, so that store misses the save.
   */
  checkPending() {
    for (const [name, count] of Object.entries(pendingCounts(this.#db))) {
      const entry = this.entry(name);
      if (entry) this.event(entry, { event: 'pendingLeft', count, cause: 'stopped' });
    }
  }

  /**
   * What happened to the entry's store (the core's `StoreEvent`); a store it makes stale is logged.
   * Answers the new status, or null when it did not change.
   */
  event(entry, event) {
    const next = storeEvent(this.#db, entry.name, event);
    if (next?.reason) this.#log('warning', `store ${entry.name} is stale: ${next.reason}`);
    return next;
  }

  // An update the store missed: while a rebuild runs, the rebuild cannot leave the store in-sync.
  #missed(entry, event, missed) {
    entry.missedDuringRun = true;
    missed.add(entry);
    this.event(entry, event);
  }

  /**
   * The `updateStores` operation: applies each page update in its store's queue; never throws. A
   * store that took every update of the call (and, for a store with a snapshot, wrote it to disk)
   * clears the pending markers of the call's `pages`; a store that missed one is stale and keeps them
   * until a rebuild.
   */
  async apply({ updates = [], stale = [], pages = [] }) {
    const missed = new Set();
    for (const { store, reason } of stale) {
      const entry = this.entry(store);
      if (entry) this.#missed(entry, { event: 'stale', reason }, missed);
    }
    await Promise.all(this.entries().map(async (entry) => {
      const mine = updates.filter((u) => u.store === entry.name);
      entry.pageUpdates += mine.length;
      const outcomes = await Promise.all(mine
        .map((update) => this.enqueue(entry, (client) => writePage(client, update), { pipelined: true }).then((outcome) => ({ update, outcome }))));
      for (const { update, outcome } of outcomes) {
        if (!outcome.ok) this.#missed(entry, { event: 'updateFailed', pageId: update.pageId, kind: outcome.kind, detail: outcome.detail }, missed);
      }
      if (!missed.has(entry)) this.#acknowledge(entry, pages);
    }));
  }

  // Clears the markers once the store holds the pages durably: at once for a server store, after the
  // next snapshot for the embedded one (a crash before it loses the change, and the marker says so).
  #acknowledge(entry, pages) {
    if (pages.length === 0) return;
    const durable = entry.client?.persisted?.() ?? Promise.resolve(true);
    entry.acknowledged = Promise.all([entry.acknowledged, durable.then((ok) => (ok ? clearPending(this.#db, entry.name, pages) : null)).catch((e) => this.#log('warning', `store ${entry.name}: ${e?.message ?? e}`))]);
  }

  /** Resolves once every acknowledgement so far has cleared its markers (tests, shutdown). */
  async acknowledged() {
    await Promise.all(this.entries().map((entry) => entry.acknowledged));
  }

  async close() {
    await this.applied();
    await Promise.all(this.entries().map(async (entry) => {
      await entry.queue;
      await entry.client?.close().catch(() => {});
      await entry.acknowledged;
      entry.client = null;
    }));
  }
}

// Every call is sent before the first answer: a page's statements go pipelined too (a failed one
// makes the store stale, whatever the statements after it did).
function writePage(client, update) {
  if (update.kind !== 'graph') return client.replaceGraph(update.graph, update.trig);
  return client.runAll(update.statements);
}
