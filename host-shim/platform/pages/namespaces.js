// The wiki's namespaces and titles with their namespace prefix. The namespace table, the content
// model of a new page and what may be a title are the core's (`namespaces`, `defaultContentModel`,
// `normalizeTitle`); the host never repeats them.
import { loadCore } from '../../src/loader.js';

const core = await loadCore();

/** Namespace id to name, the core's table (`namespaces`). */
const NAMES = new Map(core.namespaces());

const BY_LOWER_NAME = new Map([...NAMES].map(([id, name]) => [name.toLowerCase(), id]));

export const NS_MAIN = BY_LOWER_NAME.get('');
export const NS_MEDIAWIKI = BY_LOWER_NAME.get('mediawiki');
export const NS_SCHEMA = BY_LOWER_NAME.get('schema');
export const NS_LAYOUT = BY_LOWER_NAME.get('layout');
export const NS_MAPPING = BY_LOWER_NAME.get('mapping');
export const NS_SUBJECT = BY_LOWER_NAME.get('subject');

export function isKnownNamespace(id) {
  return NAMES.has(id);
}

/** Every namespace as `[id, name]`, the main one first. */
export function allNamespaces() {
  return [...NAMES];
}

export function namespaceName(id) {
  return NAMES.get(id);
}

/** The namespace id for a prefix as typed in a title (`schema_talk` → 7475), or undefined. */
export function namespaceByName(name) {
  return BY_LOWER_NAME.get(name.replace(/_/g, ' ').trim().toLowerCase());
}

/** The content model a page gets when the editor does not say: the core's rule. */
export function defaultContentModel(namespace, title) {
  return core.defaultContentModel(namespace, title);
}

export class TitleError extends Error {
  constructor(message, titleError) {
    super(message);
    this.name = 'TitleError';
    this.titleError = titleError;
  }
}

/** A title without namespace prefix in its stored spelling, by the core's rule; throws `TitleError`. */
export function normalizeTitle(raw) {
  try {
    return core.normalizeTitle(String(raw));
  } catch (error) {
    if (error?.code === 'invalid-title') throw new TitleError(error.message, error.details?.titleError);
    throw error;
  }
}

/** Splits `Schema:Person` into `{namespace: 7474, title: "Person"}`; an unknown prefix stays in the title. */
export function parsePrefixedTitle(raw) {
  const text = String(raw).replace(/^[\s_]*:/, '');
  const colon = text.indexOf(':');
  if (colon > 0) {
    const namespace = namespaceByName(text.slice(0, colon));
    if (namespace !== undefined && namespace !== 0) {
      return { namespace, title: normalizeTitle(text.slice(colon + 1)) };
    }
  }
  return { namespace: 0, title: normalizeTitle(text) };
}

/** The title checked for a given namespace, for callers that pass namespace and title apart. */
export function checkedTitle(namespace, title) {
  if (!Number.isInteger(namespace) || !isKnownNamespace(namespace)) {
    throw new TitleError(`invalid title "${String(title).slice(0, 300)}": unknown namespace ${namespace}`, 'title-invalid-namespace');
  }
  return normalizeTitle(title);
}

export function prefixedTitle(namespace, title) {
  const name = namespaceName(namespace);
  return name ? `${name}:${title}` : title;
}
