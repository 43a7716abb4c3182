// Page edits and deletions from api.php and the import command. With a core that exports
// `handlePageAction` the core checks content and permissions; without one the host saves plain pages
// itself and refuses pages whose content only the core can check.
import { makeBridge } from '../../src/bridge.js';
import { mayCreate, mayDelete, pageAccess } from '../auth/permissions.js';
import { timestamp } from '../clock.js';
import { isWikiConfigPage, parseWikiConfig } from '../config/wiki-page.js';
import { authorOf, makeHostOps, storeNames } from '../ops.js';
import { deletePage, savePages } from '../storage/page-writes.js';
import { findPageByTitle } from '../storage/pages.js';
import { defaultContentModel, namespaceName, STRATA_NAMESPACES } from './namespaces.js';

const failure = (code, info) => ({ ok: false, error: { code, info } });

/**
 * Edits one slot of a page. `request`: `{namespace, title, slot: "main"|"subject", text, summary,
 * baseRevisionId, createOnly, noCreate}`, title normalized. `host`: `{db, config, core, log, caller}`.
 * Answers `{ok: true, result}` or `{ok: false, error: {code, info}}` with MediaWiki API error codes.
 */
export async function editPage(host, request) {
  if (isWikiConfigPage(request.namespace, request.title)) {
    try {
      parseWikiConfig(request.text);
    } catch (error) {
      return failure('strata-invalid-config', error.message);
    }
  }
  if (typeof host.core?.handlePageAction === 'function') return askCore(host, { action: 'edit', ...request });
  if (STRATA_NAMESPACES.has(request.namespace)) {
    return failure('strata-core-unavailable', `Pages in the ${namespaceName(request.namespace)} namespace are saved `
      + "through the Strata core's handlePageAction, which this server does not have: build the core, then restart.");
  }
  return saveWithoutCore(host, request);
}

/** Deletes a page. `request`: `{namespace, title, summary, baseRevisionId}`; answers like `editPage`. */
export async function removePage(host, request) {
  if (typeof host.core?.handlePageAction === 'function') return askCore(host, { action: 'delete', ...request });
  const { db, config, caller } = host;
  const page = findPageByTitle(db, request.namespace, request.title);
  if (!page || !pageAccess(config, caller, page.namespace, page.title).read) {
    return failure('missingtitle', "The page you specified doesn't exist.");
  }
  if (!mayDelete(config, caller, page.namespace, page.title)) {
    return failure('permissiondenied', 'You do not have permission to delete this page.');
  }
  const outcome = deletePage(db, { pageId: page.pageId, baseRevisionId: request.baseRevisionId, comment: request.summary }, authorOf(caller), timestamp(), storeNames(config));
  if (!outcome.ok) return failure('editconflict', 'The page changed while it was being deleted.');
  await projectChanges(host, [{ pageId: page.pageId, namespace: page.namespace, deleted: { mainSlot: page.mainSlot, subjectSlot: page.subjectSlot } }]);
  return { ok: true, result: { pageId: page.pageId, namespace: page.namespace, title: page.title, logId: outcome.logId } };
}

/** The page's Data tab as the core renders it (`action: subjects`): `{ok, result: {pageId, html}}` or `{ok: false, error}`. */
export function dataTabThroughCore(host, { namespace, title }) {
  return askCore(host, { action: 'subjects', namespace, title });
}

async function askCore(host, request) {
  const bridge = makeBridge(makeHostOps(host));
  const response = JSON.parse(await host.core.handlePageAction(JSON.stringify({ ...request, caller: host.caller }), bridge));
  if (typeof response?.ok !== 'boolean') throw new Error('handlePageAction answered without a boolean "ok"');
  return response;
}

/**
 * Hands pages saved or deleted here, without the core's page actions, to the core's projection
 * (`projectPageChanges`), which feeds the configured stores. It never fails the edit.
 */
async function projectChanges(host, changes) {
  if (typeof host.core?.projectPageChanges !== 'function') return;
  await host.core.projectPageChanges(JSON.stringify({ changes }), makeBridge(makeHostOps(host)));
}

async function saveWithoutCore(host, request) {
  const { db, config, caller } = host;
  const { namespace, title, slot = 'main', text } = request;
  const page = findPageByTitle(db, namespace, title);
  const access = pageAccess(config, caller, namespace, title);
  if (!page) {
    if (request.noCreate || request.baseRevisionId != null) return failure('missingtitle', "The page you specified doesn't exist.");
    if (!mayCreate(config, caller, namespace, title)) return failure('permissiondenied', 'You do not have permission to create this page.');
  } else {
    if (!access.read) return failure('permissiondenied', 'You do not have permission to read this page.');
    if (request.createOnly) return failure('articleexists', 'The page you tried to create has been created already.');
    if (!access.edit) return failure('permissiondenied', 'You do not have permission to edit this page.');
    if (request.baseRevisionId != null && request.baseRevisionId !== page.latestRevisionId) {
      return failure('editconflict', 'Edit conflict: the page changed since your base revision.');
    }
    if ((slot === 'subject' ? page.subjectSlot : page.mainSlot) === text) {
      return { ok: true, result: editResult(page, { revisionId: page.latestRevisionId, timestamp: page.modified }, { noChange: true }) };
    }
  }
  const outcome = savePages(db, [{
    pageId: page?.pageId ?? null,
    namespace,
    title,
    baseRevisionId: page?.latestRevisionId ?? null,
    comment: request.summary ?? '',
    mainSlot: slot === 'main' ? text : page ? null : '',
    subjectSlot: slot === 'subject' ? text : null,
  }], authorOf(caller), timestamp(), storeNames(config));
  if (!outcome.ok) {
    return outcome.conflict === 'title-exists'
      ? failure('articleexists', 'The page you tried to create has been created already.')
      : failure('editconflict', 'Edit conflict: the page changed while it was being saved.');
  }
  const [saved] = outcome.results;
  await projectChanges(host, [{ pageId: saved.pageId, namespace, baseRevisionId: page?.latestRevisionId ?? null }]);
  const written = page ?? { pageId: saved.pageId, namespace, title, contentModel: defaultContentModel(namespace, title) };
  return { ok: true, result: editResult(written, saved, { created: !page, oldRevisionId: page?.latestRevisionId ?? 0 }) };
}

function editResult(page, revision, { created = false, noChange = false, oldRevisionId = revision.revisionId }) {
  return {
    pageId: page.pageId,
    namespace: page.namespace,
    title: page.title,
    contentModel: page.contentModel,
    oldRevisionId,
    newRevisionId: revision.revisionId,
    timestamp: revision.timestamp,
    new: created,
    noChange,
  };
}
