import { ApiError } from './api-error.js';

// MediaWiki refuses secrets in the query string, where they end up in logs and browser history.
const POST_ONLY = ['token', 'lgpassword', 'lgtoken'];

/** The request's parameters: the query string, overridden by an urlencoded or multipart POST body. */
export async function readParams(method, url, body, contentType = '') {
  const params = Object.fromEntries(url.searchParams);
  if (method !== 'POST') return params;
  const misplaced = POST_ONLY.filter((name) => url.searchParams.has(name));
  if (misplaced.length) {
    throw new ApiError('mustpostparams', `The following parameters were found in the query string, but must be in the POST body: ${misplaced.join(', ')}.`);
  }
  if (body.length === 0) return params;
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) {
    throw new ApiError('badcontenttype', 'POST bodies must be application/x-www-form-urlencoded or multipart/form-data.');
  }
  let form;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    throw new ApiError('badcontenttype', `The POST body could not be read: ${error.message}`);
  }
  for (const [name, value] of form) {
    params[name] = typeof value === 'string' ? value : await value.text();
  }
  return params;
}

/** A MediaWiki boolean parameter: present means true, whatever its value. */
export const flag = (params, name) => params[name] !== undefined;

/** A pipe-separated list parameter. */
export const list = (value) => (value ? String(value).split('|').filter(Boolean) : []);

/**
 * A limit parameter as MediaWiki reads it: an integer or `max`; values beyond the bounds are clamped
 * with a warning. `max` is the bound for callers without `apihighlimits`, `highMax` with it.
 */
export function limitParam({ params, caller }, name, { fallback, max, highMax }, warn) {
  const value = params[name];
  const bound = caller.rights.includes('apihighlimits') ? highMax : max;
  if (value === undefined) return fallback;
  if (value === 'max') return bound;
  if (!/^[+-]?\d+$/.test(value)) throw new ApiError('badinteger', `Invalid value "${value}" for integer parameter "${name}".`);
  const number = Number(value);
  if (number < 1) {
    warn(`Invalid value "${value}" for integer parameter "${name}": "${name}" may not be less than 1 (set to 1).`);
    return 1;
  }
  if (number > bound) {
    warn(`Invalid value "${value}" for integer parameter "${name}": "${name}" may not be over ${bound} (set to ${bound}) for users.`);
    return bound;
  }
  return number;
}

/** One of `values`, or `fallback` when absent; anything else is `badvalue`. */
export function enumParam(params, name, values, fallback) {
  const value = params[name] ?? fallback;
  if (!values.includes(value)) throw new ApiError('badvalue', `Unrecognized value for parameter "${name}": ${value}.`);
  return value;
}
