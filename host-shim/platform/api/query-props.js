// `action=query`'s prop modules: `info` and `revisions` as MediaWiki 1.43 answers them, and `imageinfo`,
// which adds nothing on a wiki without files. Each module adds fields to the entries of the page set.
import { createHash } from 'node:crypto';
import { countRevisions, listRevisions } from '../storage/page-history.js';
import { ApiError } from './api-error.js';
import { formatVersion } from './format.js';
import { enumParam, limitParam, list } from './params.js';

const SUBJECT_ROLE = 'strata-subjects';
const bytes = (text) => Buffer.byteLength(text ?? '', 'utf8');
const contentFormat = (model) => (model === 'wikitext' ? 'text/x-wiki' : 'application/json');
const LANGUAGE = { pagelanguage: 'en', pagelanguagehtmlcode: 'en', pagelanguagedir: 'ltr' };

function info(request, entries) {
  const protection = list(request.params.inprop).includes('protection');
  for (const { entry, out } of entries) {
    if (entry.invalid || (entry.missing && entry.pageid !== undefined)) continue;
    const page = entry.page;
    Object.assign(out, { contentmodel: page ? page.contentModel : 'wikitext', ...LANGUAGE });
    if (page) {
      Object.assign(out, { touched: page.modified, lastrevid: page.latestRevisionId, length: bytes(page.mainSlot) });
      if (countRevisions(request.db, page.pageId) === 1) out.new = true;
    }
    if (protection) Object.assign(out, { protection: [], restrictiontypes: page ? ['edit', 'move'] : ['create'] });
  }
}

/** The slots of a revision by role, with MediaWiki's model and format. */
function slotsOf(revision) {
  const slots = { main: { model: revision.contentModel, text: revision.mainSlot ?? '' } };
  if (revision.subjectSlot != null) slots[SUBJECT_ROLE] = { model: SUBJECT_ROLE, text: revision.subjectSlot };
  return slots;
}

const REVISION_PROPS = {
  ids: (r, out) => Object.assign(out, { revid: r.revisionId, parentid: r.parentRevisionId }),
  flags: () => {},
  timestamp: (r, out) => { out.timestamp = r.timestamp; },
  user: (r, out) => { out.user = r.user; },
  userid: (r, out) => { out.userid = r.userId; },
  comment: (r, out) => { out.comment = r.comment; },
  size: (r, out) => { out.size = Object.values(slotsOf(r)).reduce((sum, slot) => sum + bytes(slot.text), 0); },
  sha1: (r, out) => { out.sha1 = createHash('sha1').update(Object.values(slotsOf(r)).map((slot) => slot.text).join('')).digest('hex'); },
  tags: (r, out) => { out.tags = []; },
  roles: (r, out) => { out.roles = Object.keys(slotsOf(r)); },
  contentmodel: () => {},
  content: () => {},
  slotsize: () => {},
  slotsha1: () => {},
};

/** The revision as listed: the chosen props, and the slots' content (`rvslots`) or the legacy main-slot form. */
function describeRevision(revision, props, slotRoles, version) {
  const out = {};
  for (const prop of props) REVISION_PROPS[prop](revision, out);
  const textKey = version === 2 ? 'content' : '*';
  const slotFields = (slot) => ({
    ...(props.includes('slotsize') ? { size: bytes(slot.text) } : {}),
    ...(props.includes('slotsha1') ? { sha1: createHash('sha1').update(slot.text).digest('hex') } : {}),
    ...(props.includes('contentmodel') || props.includes('content') ? { contentmodel: slot.model } : {}),
    ...(props.includes('content') ? { contentformat: contentFormat(slot.model), [textKey]: slot.text } : {}),
  });
  const slots = slotsOf(revision);
  if (slotRoles === null) return { ...out, ...slotFields(slots.main) };
  const chosen = Object.entries(slots).filter(([role]) => slotRoles.includes('*') || slotRoles.includes(role));
  const described = chosen.map(([role, slot]) => [role, slotFields(slot)]).filter(([, fields]) => Object.keys(fields).length);
  return described.length ? { ...out, slots: Object.fromEntries(described) } : out;
}

// Parameters that make `revisions` list many revisions of one page instead of the latest of each.
const ENUMERATION = ['rvlimit', 'rvstartid', 'rvendid', 'rvcontinue'];
const UNSUPPORTED = ['rvstart', 'rvend', 'rvuser', 'rvexcludeuser', 'rvsection', 'rvdiffto', 'rvdifftotext', 'rvtag'];

function revisionId(params, name) {
  const value = params[name];
  if (value === undefined) return null;
  const id = Number(String(value).split('|').at(-1));
  if (!Number.isInteger(id) || id < 0) throw new ApiError('badinteger', `Invalid value "${value}" for integer parameter "${name}".`);
  return id;
}

function revisions(request, entries, { warn, setContinue }) {
  const { params } = request;
  const unsupported = UNSUPPORTED.filter((name) => params[name] !== undefined);
  if (unsupported.length) throw new ApiError('strata-unsupported-parameter', `This wiki's api.php does not take ${unsupported.join(', ')}.`);
  const props = list(params.rvprop ?? 'ids|timestamp|flags|comment|user');
  const unknown = props.filter((prop) => !Object.hasOwn(REVISION_PROPS, prop));
  if (unknown.length) warn('revisions', `Unrecognized values for parameter "rvprop": ${unknown.join(', ')}.`);
  const known = props.filter((prop) => !unknown.includes(prop));
  const slotRoles = params.rvslots === undefined ? null : list(params.rvslots);
  if (slotRoles === null && known.some((prop) => ['content', 'contentmodel'].includes(prop))) {
    warn('main', 'Because "rvslots" was not specified, a legacy format has been used for the output. This format is deprecated, and in the future the new format will always be used.');
  }
  const newer = enumParam(params, 'rvdir', ['older', 'newer'], 'older') === 'newer';
  const version = formatVersion(params);
  const pages = entries.filter(({ entry }) => entry.page);
  const enumerating = newer || ENUMERATION.some((name) => params[name] !== undefined);
  if (enumerating && pages.length > 1) {
    throw new ApiError('invalidparammix', 'titles, pageids or a generator was used to supply multiple pages, but the rvlimit, rvstartid, rvendid, rvdir=newer, rvuser, rvexcludeuser, rvstart, and rvend parameters may only be used on a single page.');
  }
  if (!enumerating) {
    for (const { entry, out } of pages) {
      const [latest] = listRevisions(request.db, entry.page.pageId, { limit: 1 });
      out.revisions = [describeRevision(latest, known, slotRoles, version)];
    }
    return;
  }
  const max = known.includes('content') ? 50 : 500;
  const limit = limitParam(request, 'rvlimit', { fallback: 10, max, highMax: max * 10 }, (text) => warn('revisions', text));
  for (const { entry, out } of pages) {
    const startId = revisionId(params, 'rvcontinue') ?? revisionId(params, 'rvstartid');
    const rows = listRevisions(request.db, entry.page.pageId, { newer, startId, endId: revisionId(params, 'rvendid'), limit: limit + 1 });
    const more = rows.length > limit ? rows.pop() : null;
    out.revisions = rows.map((revision) => describeRevision(revision, known, slotRoles, version));
    if (more) setContinue({ rvcontinue: `${more.timestamp.replace(/\D/g, '')}|${more.revisionId}` });
  }
}

/** The prop modules by name: `(request, [{entry, out}], {warn, setContinue})`. */
export const PROPS = {
  info,
  revisions,
  imageinfo: () => {},
};
