// Rebuild runs: a store is cleared and every page with a Subject slot is projected again, in page id
// order, a batch at a time. The core computes each batch (`projectForStore`); this file reads the
// pages, writes the result through the store's queue, records progress, and stops between batches
// when the run is cancelled.
import { randomUUID } from 'node:crypto';
import { clearPendingBefore, latestRevisionId } from './pending.js';
import { describe } from './registry.js';
import { finishRun, markInSync, markStale, nextQueued, recordProgress, run as readRun, setContentMarker, startRun } from './runs.js';

export const DEFAULT_BATCH_PAGES = 200;
const CANCELLED = Symbol('cancelled');

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
   * stale, or still never-built). `onProgress({processed, failed, total})` after each batch.
   */
  async process(queued, { onProgress = () => {} } = {}) {
    const db = this.#db;
    const entry = this.#registry.entry(queued.store);
    const total = this.#pages.count();
    const coveredUpTo = latestRevisionId(db);
    if (!startRun(db, queued.id, total)) return readRun(db, queued.id);
    if (!entry || typeof this.#core?.projectForStore !== 'function') {
      finishRun(db, queued.id, 'failed', entry ? 'the core has no projectForStore export' : `no store "${queued.store}" is configured`);
      return readRun(db, queued.id);
    }
    entry.missedDuringRun = false;
    // A store with a snapshot (the embedded one) writes none while the run writes, and one at its
    // end, before the store is marked in-sync: a snapshot in the middle would hold half a rebuild.
    await this.#registry.enqueue(entry, async (client) => {
      client.holdSnapshots?.();
      return { ok: true };
    });
    let released = null;
    const release = () => (released ??= this.#registry.enqueue(entry, async (client) => (await client.releaseSnapshots?.()) ?? { ok: true }));
    try {
      const ended = await this.#batches(queued, entry, total, onProgress);
      if (ended === CANCELLED) return this.#stopped(entry, queued.id);
      if (ended) return this.#failed(entry, queued.id, ended);
      const persisted = await release();
      if (!persisted.ok) return this.#failed(entry, queued.id, `the store's snapshot was not written: ${describe(persisted)}`);
    } finally {
      await release();
    }
    if (readRun(db, queued.id).state !== 'running') return this.#stopped(entry, queued.id);
    finishRun(db, queued.id, 'succeeded');
    if (entry.missedDuringRun) markStale(db, entry.name, 'an update failed while the rebuild ran');
    else {
      const marked = await this.#registry.enqueue(entry, (client) => markContent(client));
      if (!marked.ok) return this.#failed(entry, queued.id, describe(marked));
      clearPendingBefore(db, entry.name, coveredUpTo);
      markInSync(db, entry.name);
      setContentMarker(db, entry.name, marked.marker ?? null);
    }
    return readRun(db, queued.id);
  }

  /**
   * Writes every batch: null when all were written, `CANCELLED`, or why the run failed. One batch is
   * being written while the next is read and projected: the store and this thread work at the same
   * time. Writes keep their order (the store's queue); progress counts a batch once its write has
   * succeeded.
   */
  async #batches(queued, entry, total, onProgress) {
    const db = this.#db;
    const fixed = {
      name: entry.name,
      store: { type: entry.type, projection: entry.projection },
      rdfBaseUri: this.#config.rdfBaseUri,
      sourceIris: this.#pages.sourceIris(),
      sourceKey: this.#config.sourceKey,
      schemas: Object.fromEntries(this.#pages.schemaPages().map((p) => [p.title, p.text])),
      mappings: this.#pages.mappingPages(),
    };
    const absent = absentSubjects(this.#pages, entry, db);
    let afterId = 0;
    let processed = 0;
    let failed = 0;
    let writing = null;
    const settle = async () => {
      const { outcome, pages, batch } = writing;
      writing = null;
      const written = await outcome;
      if (!written.ok) return describe(written);
      for (const f of batch.failed) this.#log('warning', `rebuild of ${entry.name}: page ${f.pageId} not projected: ${f.reason}`);
      processed += pages.length - batch.failed.length;
      failed += batch.failed.length;
      recordProgress(db, queued.id, processed, failed);
      onProgress({ processed, failed, total });
      return null;
    };
    for (let start = true; ; start = false) {
      const cancelled = readRun(db, queued.id).state !== 'running';
      if (cancelled || this.#stopping) {
        const failure = writing ? await settle() : null;
        return failure ?? (cancelled ? CANCELLED : 'the process stopped during the run');
      }
      const pages = this.#pages.batch(afterId, this.#batchPages);
      if (pages.length === 0 && !start) break;
      let batch;
      try {
        // The first batch clears the graph, so the core creates all of its Subjects: no index read.
        batch = projectBatch(this.#core, start ? { ...fixed, start } : { ...fixed, start, absent: absent.of(pages) }, pages);
      } catch (e) {
        const failure = writing ? await settle() : null;
        const which = pages.length ? `pages ${pages[0].pageId} to ${pages.at(-1).pageId}` : 'the first batch';
        return failure ?? `the core refused the batch of ${which}: ${e?.code ?? 'error'}: ${e?.message ?? e}`;
      }
      absent.targeted(batch.outsideTargets, pages);
      const outcome = this.#registry.enqueue(entry, (client) => writeBatch(client, batch, start));
      if (writing) {
        const failure = await settle();
        if (failure) {
          await outcome;
          return failure;
        }
      }
      writing = { outcome, pages, batch };
      if (pages.length === 0) break;
      afterId = pages.at(-1).pageId;
    }
    return writing ? settle() : null;
  }

  #failed(entry, id, error) {
    finishRun(this.#db, id, 'failed', error);
    markStale(this.#db, entry.name, `rebuild run ${id} failed: ${error}`);
    this.#log('warning', `rebuild run ${id} of ${entry.name} failed: ${error}`);
    return readRun(this.#db, id);
  }

  // Cancelled between batches: what is in the store is part of a rebuild.
  #stopped(entry, id) {
    markStale(this.#db, entry.name, `rebuild run ${id} was cancelled`);
    return readRun(this.#db, id);
  }
}

/**
 * The Subjects of a graph rebuild's next batch that the graph does not hold, which the core creates
 * without a lookup: those the Subject index places on the batch's pages, less the relation targets
 * of earlier batches (stubs now, unless a page before them holds them). A target is remembered
 * under the page the index places it on, when that page comes later; one the index does not place
 * stays a stub. Once a save has written to the store during the run, the graph may hold any
 * Subject, and none is said to be absent: a save of this process counts its update, and a commit
 * of any other process to the wiki's database (a server beside a command-line rebuild, whose saves
 * this process never sees) changes SQLite's `data_version`. `of(pages)` for each batch after the
 * first (which the core creates whole) as it is about to be projected, `targeted(outsideTargets,
 * pages)` with each answer.
 */
function absentSubjects(source, entry, db) {
  const updatesAtStart = entry.pageUpdates;
  const dataVersion = () => db.pragma('data_version', { simple: true });
  const versionAtStart = dataVersion();
  let quiet = true;
  const stubsByPage = new Map();
  return {
    of(pages) {
      if (entry.kind !== 'graph' || pages.length === 0) return [];
      // Once not quiet, never again: the stubs and the index are not read any more.
      quiet &&= entry.pageUpdates === updatesAtStart && dataVersion() === versionAtStart;
      if (!quiet) return [];
      const stubs = new Set(pages.flatMap(({ pageId }) => stubsByPage.get(pageId) ?? []));
      for (const { pageId } of pages) stubsByPage.delete(pageId);
      return source.subjectsOn(pages.map((p) => p.pageId)).filter((id) => !stubs.has(id));
    },
    targeted(targets, pages) {
      if (!quiet || !targets?.length || pages.length === 0) return;
      const last = pages.at(-1).pageId;
      for (const [id, pageId] of Object.entries(source.pagesOf(targets))) {
        if (pageId <= last) continue;
        if (!stubsByPage.has(pageId)) stubsByPage.set(pageId, []);
        stubsByPage.get(pageId).push(id);
      }
    },
  };
}

/**
 * The core's answer for one batch; throws the core's error. Each page's Subject slot goes into the
 * request as the JSON text it is stored as, which the core reads where it lies (as a string it
 * would be escaped here and unescaped into a copy there); the wiki stores only slots the core
 * wrote. When the core answers that the request is not JSON text (`details.notJson`: a stored slot
 * that is not JSON), the batch is sent again with every slot as a JSON string, so that the page
 * reads as one without Subjects and the others are written. Any other refusal is not retried.
 */
function projectBatch(core, settings, pages) {
  const stored = pages.map(({ subjectSlot, ...facts }) => {
    const text = JSON.stringify(facts);
    return subjectSlot == null ? text : `${text.slice(0, -1)},"subjectSlot":${subjectSlot}}`;
  });
  let answer;
  try {
    answer = core.projectForStore(`${JSON.stringify(settings).slice(0, -1)},"pages":[${stored.join(',')}]}`);
  } catch (e) {
    if (!e?.details?.notJson) throw e;
    answer = core.projectForStore(JSON.stringify({ ...settings, pages }));
  }
  return JSON.parse(answer);
}

/** A store that keeps a content marker gets a new one for this build: `{ok, marker}`. */
async function markContent(client) {
  if (typeof client.setContentMarker !== 'function') return { ok: true, marker: null };
  const marker = randomUUID();
  await client.setContentMarker(marker);
  return { ok: true, marker };
}

/**
 * The first batch clears the store; a graph store's connection made its indexes when it opened,
 * and a rebuild makes them again (the graph may have been deleted since; "already indexed" ignored).
 */
async function writeBatch(client, batch, start) {
  if (batch.statements) {
    if (start) await client.createIndexes();
    return client.runAll(batch.statements);
  }
  if (start) {
    const cleared = await client.clear();
    if (!cleared.ok) return cleared;
  }
  return batch.projected === 0 ? { ok: true } : client.loadBulk(batch.trig);
}
