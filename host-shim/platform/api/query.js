// `action=query`: meta modules, the page set (`titles`, `pageids`, `generator=allpages`), the prop modules
// on it and `list=allpages`, with MediaWiki's result shapes in both format versions and its `continue`.
import { ApiError } from './api-error.js';
import { formatVersion } from './format.js';
import { list } from './params.js';
import { allPages } from './query-allpages.js';
import { META } from './query-meta.js';
import { describeEntry, pageSet } from './query-pages.js';
import { PROPS } from './query-props.js';

const LISTS = { allpages: allPages };
// Modules that read page data: a caller without `read` may only ask for meta modules.
const READING = ['titles', 'pageids', 'generator', 'prop', 'list'];

function modules(params, name, known) {
  const names = list(params[name]);
  const unknown = names.filter((value) => !Object.hasOwn(known, value));
  if (unknown.length) {
    throw new ApiError('badvalue', `Unrecognized value for parameter "${name}": ${unknown.join(', ')}. This wiki's api.php answers ${name}=${Object.keys(known).join('|')}.`);
  }
  return names;
}

/** Warnings by module, in the format version's shape: `{module: {"*" | warnings: text}}`. */
function warningCollector(version) {
  const warnings = {};
  const key = version === 2 ? 'warnings' : '*';
  const warn = (module, text) => {
    warnings[module] = { [key]: warnings[module] ? `${warnings[module][key]}\n${text}` : text };
  };
  return { warnings, warn };
}

/** The page set with the prop modules applied: `{pages, normalized}` in the format version's shape. */
function pagesAnswer(request, props, set, { warn, setContinue }, version) {
  const rows = set.entries.map((entry) => ({ entry, out: describeEntry(entry) }));
  for (const prop of props) PROPS[prop](request, rows, { warn, setContinue });
  let missing = 0;
  const keyOf = ({ entry, out }) => (entry.page ? entry.page.pageId : out.pageid ?? -(++missing));
  const pages = version === 2 ? rows.map((row) => row.out) : Object.fromEntries(rows.map((row) => [keyOf(row), row.out]));
  const normalized = set.normalized.map((pair) => (version === 2 ? { fromencoded: false, ...pair } : pair));
  return { ...(normalized.length ? { normalized } : {}), ...(rows.length ? { pages } : {}) };
}

export function query(request) {
  const { params, caller } = request;
  if (READING.some((name) => params[name] !== undefined) && !caller.rights.includes('read')) {
    throw new ApiError('readapidenied', 'You need read permission to use this module.');
  }
  const metas = modules(params, 'meta', META);
  const props = modules(params, 'prop', PROPS);
  const lists = modules(params, 'list', LISTS);
  if (params.generator !== undefined) modules(params, 'generator', LISTS);
  const version = formatVersion(params);
  const { warnings, warn } = warningCollector(version);
  const answer = {};
  const continuation = {};
  let propContinues = false;
  const setContinue = (values) => {
    propContinues = true;
    Object.assign(continuation, values);
  };

  for (const meta of metas) Object.assign(answer, META[meta](request, (text) => warn(meta, text)));
  for (const name of lists) {
    const { pages, continueFrom } = LISTS[name](request, 'ap', (text) => warn(name, text));
    answer[name] = pages.map((page) => ({ pageid: page.pageId, ns: page.namespace, title: describeEntry({ page }).title }));
    if (continueFrom) continuation.apcontinue = continueFrom;
  }
  let generatorContinue = null;
  let generated = null;
  if (params.generator !== undefined) {
    const { pages, continueFrom } = LISTS[params.generator](request, 'gap', (text) => warn(params.generator, text));
    generated = pages;
    generatorContinue = continueFrom;
  }
  const set = pageSet(request, generated);
  if (set) Object.assign(answer, pagesAnswer(request, props, set, { warn, setContinue }, version));
  else if (props.length) warn('main', 'No pages given: use titles, pageids or a generator for the prop modules.');

  // A prop module that continues holds the generator where it is; the client keeps its own gapcontinue.
  if (generatorContinue && !propContinues) continuation.gapcontinue = generatorContinue;
  const result = {};
  if (!propContinues) result.batchcomplete = true;
  if (Object.keys(continuation).length) {
    result.continue = { ...continuation, continue: continuation.gapcontinue ? 'gapcontinue||' : propContinues ? '||' : '-||' };
  }
  if (Object.keys(warnings).length) result.warnings = warnings;
  return Object.keys(answer).length ? { ...result, query: answer } : result;
}
