// Rebuild runs: a store is cleared and every page with a Subject slot is projected again, in page id
// order, a batch at a time. The core's `RebuildRun` decides the run; this file answers its steps
// (the wiki's pages and index rows, the run's state, the change mark), writes what it says through
// the store's queue, and records what it reports.
import { randomUUID } from 'node:crypto';
import { clearPendingBefore, latestRevisionId } from './pending.js';
import { failRun, nextQueued, recordProgress, run as readRun, startRun, storeEvent, succeedRun } from './runs.js';

export const DEFAULT_BATCH_PAGES = 200;

export class RebuildWorker {
  #db;
  #config;
  #core;
  #log;
  #registry;
  #batchPages;
  #pages;
  #loop = null;
  #again = false;
  #stopping = false;

  /** `pages`: the wiki's pages as a rebuild reads them (`platform/site-stores.js`, `rebuildPageSource`). */
  constructor({ db, config, core, log, registry, pages, batchPages = DEFAULT_BATCH_PAGES }) {
    this.#db = db;
    this.#config = config;
    this.#core = core;
    this.#log = log;
    this.#registry = registry;
    this.#batchPages = batchPages;
    this.#pages = pages;
  }

  /** Processes queued runs, oldest first, in the background; a call while busy is remembered. */
  wake() {
    if (this.#loop) {
      this.#again = true;
      return;
    }
    this.#loop = (async () => {
      await new Promise((done) => setImmediate(done));
      for (let queued = nextQueued(this.#db); queued && !this.#stopping; queued = nextQueued(this.#db)) await this.process(queued);
    })().catch((e) => this.#log('error', `rebuild worker: ${e.stack ?? e}`)).finally(() => {
      this.#loop = null;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Ends the run being processed after its current batch (failed: the process stops). */
  async stop() {
    this.#stopping = true;
    await this.idle();
  }

  /** Resolves once no run is being processed. */
  async idle() {
    while (this.#loop) await this.#loop;
  }

  /**
   * Runs one queued run to its end: succeeded (the store in-sync), failed or cancelled (the store
   * stale, or still never-built). `onProgress({processed, failed, total, absent})` after each batch.
   * The core's `RebuildRun` decides the run (`docs/stores.md`, "Store states and rebuild runs");
   * this answers its steps with the wiki's pages and index rows and the store's writes.
   */
  async process(queued, { onProgress = () => {} } = {}) {
    const db = this.#db;
    const entry = this.#registry.entry(queued.store);
    const total = this.#pages.count();
    const coveredUpTo = latestRevisionId(db);
    if (!startRun(db, queued.id, total)) return readRun(db, queued.id);
    if (!entry) {
      failRun(db, queued.id, `no store "${queued.store}" is configured`);
      return readRun(db, queued.id);
    }
    entry.missedDuringRun = false;
    let run;
    try {
      run = new this.#core.RebuildRun(JSON.stringify({
        runId: queued.id,
        name: entry.name,
        store: { type: entry.type, projection: entry.projection },
        rdfBaseUri: this.#config.rdfBaseUri,
        sourceKey: this.#config.sourceKey,
        sources: this.#pages.sources(),
        changeMark: this.#changeMark(entry),
        batchPages: this.#batchPages,
      }));
    } catch (e) {
      failRun(db, queued.id, `the core refused the run: ${e?.code ?? 'error'}: ${e?.message ?? e}`);
      return readRun(db, queued.id);
    }
    // A store with a snapshot (the embedded one) writes none while the run writes, and one when the
    // core asks the store to make the rebuild durable: a snapshot in the middle would hold half a rebuild.
    await this.#registry.enqueue(entry, async (client) => {
      client.holdSnapshots?.();
      return { ok: true };
    });
    let released = null;
    const release = () => (released ??= this.#registry.enqueue(entry, async (client) => (await client.releaseSnapshots?.()) ?? { ok: true }));
    let done;
    try {
      done = await this.#steps(run, queued, entry, total, onProgress, release);
    } finally {
      await release();
      run.free();
    }
    if (done.run === 'failed') {
      failRun(db, queued.id, done.error);
      this.#log('warning', `rebuild run ${queued.id} of ${entry.name} failed: ${done.error}`);
    }
    if (done.stale) this.#registry.event(entry, { event: 'stale', reason: done.stale });
    if (done.run !== 'succeeded') return readRun(db, queued.id);
    succeedRun(db, queued.id);
    if (entry.missedDuringRun) this.#registry.event(entry, { event: 'missedDuringRun' });
    else {
      clearPendingBefore(db, entry.name, coveredUpTo);
      storeEvent(db, entry.name, { event: 'built', marker: done.marker });
    }
    return readRun(db, queued.id);
  }

  /**
   * Answers the run's steps until it is done; answers the `done` step. Writes go through the store's
   * queue, which keeps their order: the run reads and projects the next batch while one is written.
   * `persist()` writes the snapshots held during the run.
   */
  async #steps(run, queued, entry, total, onProgress, persist) {
    const db = this.#db;
    const writes = [];
    const answer = (value) => run.answer(JSON.stringify(value));
    for (;;) {
      const step = JSON.parse(run.next());
      switch (step.step) {
        case 'namespacePages':
          answer(this.#pages.namespacePages(step.namespace));
          break;
        case 'checkRun':
          answer(this.#stopping ? 'stopping' : readRun(db, queued.id).state);
          break;
        case 'pages': {
          const pages = this.#pages.batch(step.afterId, step.limit);
          const slots = pages.map((p) => p.subjectSlot ?? null);
          const facts = pages.map(({ subjectSlot, ...page }, n) => ({ ...page, slotBytes: slots[n] == null ? null : Buffer.byteLength(slots[n]) }));
          run.answerPages(JSON.stringify(facts), slots.filter((s) => s != null).join(''));
          break;
        }
        case 'changeMark':
          answer(this.#changeMark(entry));
          break;
        case 'subjectsOn':
          answer(this.#pages.subjectsOn(step.pageIds));
          break;
        case 'pagesOf':
          answer(this.#pages.pagesOf(step.ids));
          break;
        case 'write':
          writes.push(this.#registry.enqueue(entry, (client) => writeStep(client, step)));
          break;
        case 'awaitWrite': {
          const outcome = await writes.shift();
          run.written(JSON.stringify(outcome.ok ? { ok: true } : { ok: false, kind: outcome.kind, detail: outcome.detail }));
          break;
        }
        case 'progress':
          for (const f of step.failedPages) this.#log('warning', `rebuild of ${entry.name}: page ${f.pageId} not projected: ${f.reason}`);
          recordProgress(db, queued.id, step.processed, step.failed);
          onProgress({ processed: step.processed, failed: step.failed, total, absent: step.absent });
          break;
        case 'persist':
          answer(await persist());
          break;
        case 'markContent':
          answer(await this.#registry.enqueue(entry, (client) => markContent(client)));
          break;
        case 'done':
          return step;
        default:
          throw new Error(`unknown rebuild step ${step.step}`);
      }
    }
  }

  /**
   * What moves when anything may have written to the store during the run: a save of this process
   * counts its update, and a commit of any other process to the wiki's database (a server beside a
   * command-line rebuild, whose saves this process never sees) changes SQLite's `data_version`.
   */
  #changeMark(entry) {
    return `${entry.pageUpdates}:${this.#db.pragma('data_version', { simple: true })}`;
  }
}

/** The graph gets a new content marker for this build: `{ok, marker}` (a failure throws). */
async function markContent(client) {
  const marker = randomUUID();
  await client.setContentMarker(marker);
  return { ok: true, marker };
}

/**
 * One `write` step: a SPARQL store is cleared first when the step says so, then loads the step's
 * TriG; a graph store makes its indexes again first when the step says so (its connection made them
 * when it opened, but the graph may have been deleted since; "already indexed" ignored), then runs
 * the step's statements.
 */
async function writeStep(client, step) {
  if (step.statements) {
    if (step.createIndexes) await client.createIndexes();
    return client.runAll(step.statements);
  }
  if (step.clear) {
    const cleared = await client.clear();
    if (!cleared.ok) return cleared;
  }
  return step.trig == null ? { ok: true } : client.loadBulk(step.trig);
}

