// `list=allpages` (and `generator=allpages`): the titles of one namespace in title order, with
// MediaWiki's parameters and continuation. This wiki has no redirects, language links or protection.
import { pageAccess } from '../auth/permissions.js';
import { isKnownNamespace, normalizeTitle, TitleError } from '../pages/namespaces.js';
import { listTitles } from '../storage/page-history.js';
import { ApiError } from './api-error.js';
import { enumParam, limitParam } from './params.js';

const UNSUPPORTED = ['minsize', 'maxsize', 'prtype', 'prlevel', 'prfiltercascade', 'prexpiry'];

/** A title bound as the client wrote it (`apfrom=b_c`), in the stored spelling; `badvalue` when none. */
function boundTitle(params, name) {
  const value = params[name];
  if (value === undefined || value === '') return null;
  try {
    return normalizeTitle(value);
  } catch (error) {
    if (error instanceof TitleError) throw new ApiError('invalidtitle', `Bad title "${value}".`);
    throw error;
  }
}

/**
 * The pages of the module, its parameters named with `prefix` (`ap`, or `gap` as a generator): `{pages: [{pageId,
 * namespace, title}], continueFrom}`, `continueFrom` being the title to continue at (underscored, as
 * MediaWiki's DB key) when more pages follow. Pages the caller may not read are left out.
 */
export function allPages(request, prefix, warn) {
  const { db, config, caller } = request;
  const params = request.params;
  const unsupported = UNSUPPORTED.map((name) => prefix + name).filter((name) => params[name] !== undefined);
  if (unsupported.length) {
    throw new ApiError('strata-unsupported-parameter', `This wiki does not filter pages by ${unsupported.join(', ')}.`);
  }
  const rawNamespace = params[`${prefix}namespace`] ?? '0';
  const namespace = Number(rawNamespace);
  if (!/^-?\d+$/.test(rawNamespace) || !isKnownNamespace(namespace)) {
    throw new ApiError('badvalue', `Unrecognized value for parameter "${prefix}namespace": ${rawNamespace}.`);
  }
  const redirects = enumParam(params, `${prefix}filterredir`, ['all', 'redirects', 'nonredirects'], 'all');
  const langlinks = enumParam(params, `${prefix}filterlanglinks`, ['all', 'withlanglinks', 'withoutlanglinks'], 'all');
  const descending = enumParam(params, `${prefix}dir`, ['ascending', 'descending'], 'ascending') === 'descending';
  const limit = limitParam(request, `${prefix}limit`, { fallback: 10, max: 500, highMax: 5000 }, warn);
  if (redirects === 'redirects' || langlinks === 'withlanglinks') return { pages: [], continueFrom: null };
  const from = boundTitle(params, `${prefix}continue`) ?? boundTitle(params, `${prefix}from`);
  const prefixTitle = boundTitle(params, `${prefix}prefix`);
  const rows = listTitles(db, { namespace, from, to: boundTitle(params, `${prefix}to`), prefix: prefixTitle, descending, limit: limit + 1 });
  const more = rows.length > limit ? rows.pop() : null;
  return {
    pages: rows.filter((row) => pageAccess(config, caller, row.namespace, row.title).read),
    continueFrom: more && more.title.replace(/ /g, '_'),
  };
}
