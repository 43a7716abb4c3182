import { isKnownNamespace, namespaceByName, namespaceName } from './namespaces.js';

const MAX_TITLE_BYTES = 255;

// The same separators as the core's `Title::new` (Rust's `char::is_whitespace` plus underscore).
const SEPARATORS = /[_\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
const ILLEGAL = /[#<>[\]|{}\uFFFD]|\p{Cc}/u;

export class TitleError extends Error {
  constructor(input, reason) {
    super(`invalid title "${String(input).slice(0, 300)}": ${reason}`);
    this.name = 'TitleError';
  }
}

/** A title without namespace prefix in its stored spelling, as MediaWiki and the core normalize it. */
export function normalizeTitle(raw) {
  const joined = String(raw).split(SEPARATORS).filter(Boolean).join(' ');
  if (joined === '') throw new TitleError(raw, 'must not be empty');
  const illegal = joined.match(ILLEGAL);
  if (illegal) {
    throw new TitleError(raw, /\p{Cc}/u.test(illegal[0])
      ? 'must not contain control characters'
      : 'must not contain any of # < > [ ] | { }');
  }
  const [first] = joined;
  const title = first.toUpperCase() + joined.slice(first.length);
  if (Buffer.byteLength(title) > MAX_TITLE_BYTES) throw new TitleError(raw, 'must be at most 255 bytes long');
  return title;
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
    throw new TitleError(title, `unknown namespace ${namespace}`);
  }
  return normalizeTitle(title);
}

export function prefixedTitle(namespace, title) {
  const name = namespaceName(namespace);
  return name ? `${name}:${title}` : title;
}
