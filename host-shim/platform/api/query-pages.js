// The pages an `action=query` request is about (MediaWiki's page set): `titles`, `pageids` or a
// generator, each resolved to a live page the caller may read, or marked missing or invalid. A page the
// caller may not read is answered as missing.
import { pageAccess } from '../auth/permissions.js';
import { parsePrefixedTitle, prefixedTitle, TitleError } from '../pages/namespaces.js';
import { findPageById, findPageByTitle } from '../storage/pages.js';
import { ApiError } from './api-error.js';
import { list } from './params.js';

const readable = ({ config, caller }, page) => page && pageAccess(config, caller, page.namespace, page.title).read ? page : null;

function limitedList(request, name) {
  const values = list(request.params[name]);
  const max = request.caller.rights.includes('apihighlimits') ? 500 : 50;
  if (values.length > max) throw new ApiError('toomanyvalues', `Too many values supplied for parameter "${name}". The limit is ${max}.`);
  return values;
}

/** An entry of the page set: `{page}` for a live readable page, else `{missing | invalid, ...}`. */
function byTitle(request, raw, normalized) {
  let target;
  try {
    target = parsePrefixedTitle(raw);
  } catch (error) {
    if (!(error instanceof TitleError)) throw error;
    return { invalid: true, title: raw, invalidreason: `The requested page title is invalid: ${error.message}` };
  }
  const title = prefixedTitle(target.namespace, target.title);
  if (title !== raw) normalized.push({ from: raw, to: title });
  const page = readable(request, findPageByTitle(request.db, target.namespace, target.title));
  return page ? { page } : { missing: true, ns: target.namespace, title };
}

function byId(request, raw) {
  const page = /^\d+$/.test(raw) ? readable(request, findPageById(request.db, Number(raw))) : null;
  return page ? { page } : { missing: true, pageid: Number(raw) || raw };
}

/**
 * `{entries, normalized}` for `titles` or `pageids`, or for the generator's pages (`generated`:
 * `[{namespace, title}]`), or null when the request names no pages. Duplicates are answered once.
 */
export function pageSet(request, generated) {
  const { params } = request;
  const sources = ['titles', 'pageids', 'generator'].filter((name) => params[name] !== undefined);
  if (sources.length > 1) {
    throw new ApiError('invalidparammix', `The parameters "${sources.join('", "')}" can not be used together.`);
  }
  const normalized = [];
  let entries;
  if (generated) {
    entries = generated.map((row) => ({ page: readable(request, findPageByTitle(request.db, row.namespace, row.title)) }))
      .filter((entry) => entry.page);
  } else if (params.titles !== undefined) {
    entries = limitedList(request, 'titles').map((raw) => byTitle(request, raw, normalized));
  } else if (params.pageids !== undefined) {
    entries = limitedList(request, 'pageids').map((raw) => byId(request, raw));
  } else {
    return null;
  }
  const seen = new Set();
  const unique = entries.filter((entry) => {
    const key = entry.page ? `id:${entry.page.pageId}` : `${entry.title ?? ''}|${entry.pageid ?? ''}`;
    return !seen.has(key) && seen.add(key);
  });
  return { entries: unique, normalized };
}

/** An entry as MediaWiki lists it, before the prop modules add to it. */
export function describeEntry(entry) {
  if (entry.page) return { pageid: entry.page.pageId, ns: entry.page.namespace, title: prefixedTitle(entry.page.namespace, entry.page.title) };
  if (entry.invalid) return { title: entry.title, invalidreason: entry.invalidreason, invalid: true };
  if (entry.pageid !== undefined) return { pageid: entry.pageid, missing: true };
  return { ns: entry.ns, title: entry.title, missing: true };
}
