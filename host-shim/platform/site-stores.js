// Everything a wiki process keeps about its stores: the registry of clients, the rebuild worker
// and the query rate limiter, opened once and shared by every request. This is where the platform
// meets `stores/`: the store code names nothing of the platform, and gets the wiki's pages through
// the page source below.
import { RebuildWorker } from '../stores/rebuild.js';
import { StoreRegistry } from '../stores/registry.js';
import { failInterruptedRuns } from '../stores/runs.js';
import { categoriesOf } from './pages/categories.js';
import { prefixedTitle } from './pages/namespaces.js';
import { makeRateLimiter } from './rate-limit.js';
import { coreSources } from './sources/core-sources.js';
import { countSubjectPages, findSubjects, listPagesInNamespace, listSubjectPages, subjectsOnPages } from './storage/pages.js';

const ALL = 1_000_000_000;

/**
 * The wiki's pages as a rebuild reads them: `count()` of pages with a Subject slot, `batch(afterId,
 * limit)` of their page facts in page id order, `namespacePages(namespace)`: the title and text of
 * every page of a namespace, the registered Subject sources as the core sees them (`sources()`, no
 * credentials), and from the Subject index: `pagesOf(ids)`, the
 * page id of each of these Subject IDs the wiki holds (`{id: pageId}`), and `subjectsOn(pageIds)`,
 * the IDs of the Subjects on these pages.
 */
export function rebuildPageSource(db, config) {
  return {
    count: () => countSubjectPages(db),
    batch: (afterId, limit) => listSubjectPages(db, { afterId, limit }).map(pageFacts),
    namespacePages: (namespace) => listPagesInNamespace(db, { namespace, after: null, prefix: null, limit: ALL })
      .map((p) => ({ title: p.title, text: p.mainSlot ?? '' })),
    sources: () => coreSources(config),
    pagesOf: (ids) => Object.fromEntries(Object.entries(findSubjects(db, ids)).map(([id, found]) => [id, found.pageId])),
    subjectsOn: (pageIds) => subjectsOnPages(db, pageIds),
  };
}

function pageFacts(page) {
  return {
    pageId: page.pageId,
    namespace: page.namespace,
    title: page.title,
    prefixedTitle: prefixedTitle(page.namespace, page.title),
    created: page.created,
    modified: page.modified,
    lastEditor: page.lastEditor,
    categories: page.contentModel === 'wikitext' ? categoriesOf(page.mainSlot) : [],
    subjectSlot: page.subjectSlot,
  };
}

/**
 * `background`: this process owns the runs (the server): runs left running by a previous process
 * are failed, pending projections make their stores stale, and queued ones are started. The command
 * line passes false.
 */
export function openStores({ db, config, core, log, background = true, batchPages }) {
  const registry = new StoreRegistry({ db, config, log });
  const rebuilds = new RebuildWorker({ db, config, core, log, registry, batchPages, pages: rebuildPageSource(db, config) });
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
