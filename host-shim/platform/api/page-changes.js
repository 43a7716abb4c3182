import { timestamp } from '../../src/clock.js';
import { editPage, removePage } from '../pages/page-actions.js';
import { prefixedTitle } from '../pages/namespaces.js';
import { findPageByTitle, revisionIdAtTime } from '../storage/pages.js';
import { ApiError, missingParam, requirePost } from './api-error.js';
import { requireCsrfToken } from './csrf.js';
import { flag } from './params.js';
import { pageTarget } from './page-target.js';

/** The result of an edit or delete, or its error as the client gets it (the core's extra fields too). */
function unwrap(outcome) {
  if (!outcome.ok) {
    const { code, info, ...data } = outcome.error;
    throw new ApiError(code, info, data);
  }
  return outcome.result;
}

/** The revision the client based its edit on: `baserevid`, else the one current at `basetimestamp`. */
function baseRevisionId({ db, params }, { namespace, title }) {
  if (params.baserevid !== undefined) {
    if (!/^\d+$/.test(params.baserevid)) throw new ApiError('badinteger', `Invalid value "${params.baserevid}" for integer parameter "baserevid".`);
    return Number(params.baserevid);
  }
  if (params.basetimestamp === undefined) return null;
  // MediaWiki's own form (`20261122100000`, what mwclient sends) or ISO 8601.
  const digits = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(params.basetimestamp);
  const time = new Date(digits ? `${digits[1]}-${digits[2]}-${digits[3]}T${digits[4]}:${digits[5]}:${digits[6]}Z` : params.basetimestamp);
  if (Number.isNaN(time.getTime())) throw new ApiError('badtimestamp', `Invalid value "${params.basetimestamp}" for timestamp parameter "basetimestamp".`);
  const page = findPageByTitle(db, namespace, title);
  return page ? revisionIdAtTime(db, page.pageId, timestamp(time)) ?? 0 : null;
}

/** `action=edit`: replaces a page's text. */
export async function edit(request) {
  requirePost(request);
  requireCsrfToken(request);
  const target = pageTarget(request);
  const { params } = request;
  if (params.text === undefined) throw missingParam('text');
  const result = unwrap(await editPage(request, {
    ...target,
    slot: 'main',
    text: params.text.replace(/\r\n?/g, '\n'),
    summary: params.summary ?? '',
    baseRevisionId: baseRevisionId(request, target),
    createOnly: flag(params, 'createonly'),
    noCreate: flag(params, 'nocreate'),
  }));
  const common = { result: 'Success', pageid: result.pageId, title: prefixedTitle(result.namespace, result.title), contentmodel: result.contentModel };
  if (result.noChange) return { edit: { ...common, nochange: true } };
  return {
    edit: {
      ...(result.new ? { new: true } : {}),
      ...common,
      oldrevid: result.oldRevisionId,
      newrevid: result.newRevisionId,
      newtimestamp: result.timestamp,
    },
  };
}

/** `action=delete`: deletes a page (its revisions are archived, not destroyed). */
export async function del(request) {
  requirePost(request);
  requireCsrfToken(request);
  const target = pageTarget(request);
  const reason = request.params.reason ?? '';
  const result = unwrap(await removePage(request, { ...target, summary: reason, baseRevisionId: null }));
  return { delete: { title: prefixedTitle(result.namespace, result.title), reason, logid: result.logId } };
}
