// The Host port operations of the contract, answered for the caller of one request.
import { mayCreate, pageAccess } from './auth/permissions.js';
import { timestamp } from '../src/clock.js';
import { URL_LAYOUT } from './config/url-layout.js';
import { readWikiConfig } from './config/wiki-page.js';
import { describePage } from './pages/page-record.js';
import { checkedTitle } from './pages/namespaces.js';
import { deletePage } from './storage/page-writes.js';
import { findPageById, findPageByTitle, findRevision, findSubjects, listPagesInNamespace } from './storage/pages.js';
import { holdWhileFileExists } from './storage/held-saves.js';
import { savePagesInGroup } from './storage/save-groups.js';
import { coreSources } from './sources/core-sources.js';
import { sourceFetcher } from './sources/fetch-source.js';
import { storeOps } from '../stores/ops.js';
import {
  listSubjects, recentlyEdited, referencingSubjects, subjectCounts, subjectLabels, subjectRows,
} from './storage/subject-lists.js';

/** The revision author for a caller: anonymous edits are recorded under the IP address, as in MediaWiki. */
export function authorOf(caller) {
  return { userId: caller.userId || null, name: caller.name };
}

function titleOrNull(namespace, title) {
  try {
    return checkedTitle(namespace, title);
  } catch {
    return null;
  }
}

/** `stores`: the process's stores (`platform/site-stores.js`), for the store and query operations. */
/** The configured stores, each of which has to take the projection of every save. */
export function storeNames(config) {
  return Object.keys(config.stores ?? {});
}

export function makeHostOps({ db, config, caller, log, stores }) {
  const access = (namespace, title) => pageAccess(config, caller, namespace, title);
  const pageRecord = (page) => page && { ...describePage(page), access: access(page.namespace, page.title) };

  // Index rows carry their page's title for this check only.
  const withAccess = ({ title, ...row }) => ({ ...row, readable: access(row.pageNamespace, title).read });
  const rowsWithAccess = (answer) => ({ ...answer, rows: answer.rows.map(withAccess) });

  return {
    config: () => {
      const overrides = readWikiConfig(db, log);
      return {
        sourceKey: config.sourceKey,
        titling: config.titling,
        enforceValidation: overrides.enforceValidation ?? config.enforceValidation,
        rdfBaseUri: config.rdfBaseUri,
        dereferenceToDataTab: config.dereferenceToDataTab,
        queryLimits: config.queryLimits,
        rateLimits: config.rateLimits,
        searchTimeoutMs: config.searchTimeoutMs,
        stores: config.stores,
        sources: coreSources(config),
        urls: URL_LAYOUT,
      };
    },
    pageById: ({ pageId }) => pageRecord(findPageById(db, pageId)),
    pageByTitle: ({ namespace, title }) => {
      const checked = titleOrNull(namespace, title);
      return checked === null ? null : pageRecord(findPageByTitle(db, namespace, checked));
    },
    revision: ({ revisionId }) => {
      const revision = findRevision(db, revisionId);
      return revision && { ...revision, access: access(revision.namespace, revision.title) };
    },
    subjectsInfo: ({ ids }) => Object.fromEntries(Object.entries(findSubjects(db, ids)).map(
      ([id, { pageId, schema, namespace, title }]) => [id, { pageId, schema, readable: access(namespace, title).read }],
    )),
    canCreate: ({ namespace, title }) => {
      const checked = titleOrNull(namespace, title);
      if (checked === null) return { allowed: false, exists: false, readable: false };
      return {
        allowed: mayCreate(config, caller, namespace, checked),
        exists: findPageByTitle(db, namespace, checked) !== null,
        readable: access(namespace, checked).read,
      };
    },
    listPages: (query) => ({ pages: listPagesInNamespace(db, query).map(pageRecord) }),
    listSubjects: (query) => rowsWithAccess(listSubjects(db, query)),
    recentlyEdited: (query) => rowsWithAccess(recentlyEdited(db, query)),
    subjectCounts: () => subjectCounts(db),
    subjectLabels: (query) => rowsWithAccess(subjectLabels(db, query)),
    referencingSubjects: (query) => rowsWithAccess(referencingSubjects(db, query)),
    subjectRows: (query) => rowsWithAccess(subjectRows(db, query)),
    savePages: async ({ saves, validatedAgainst = [] }) => {
      if (config.testHoldSavesFile && validatedAgainst.length) await holdWhileFileExists(config.testHoldSavesFile);
      return savePagesInGroup(db, saves, authorOf(caller), timestamp(), storeNames(config), validatedAgainst);
    },
    deletePage: (request) => deletePage(db, request, authorOf(caller), timestamp(), storeNames(config)),
    log: ({ level, message }) => {
      log(level, `core: ${message}`);
      return null;
    },
    now: () => ({ timestamp: new Date().toISOString() }),
    // No wikitext parser of its own: the core draws its wikitext subset.
    parseWikitext: () => null,
    fetchSource: (request) => sourceFetcher(config, log)(request),
    ...storeOps({ db, caller, stores }),
  };
}
