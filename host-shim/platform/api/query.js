import { csrfTokenOf } from '../auth/sessions.js';
import { ApiError } from './api-error.js';
import { list } from './params.js';

const TOKEN_TYPES = {
  csrf: (request) => ['csrftoken', csrfTokenOf(request.session.current)],
  login: (request) => ['logintoken', request.session.ensure().loginToken],
};

function tokens(request, warnings) {
  const types = list(request.params.type ?? 'csrf');
  const unknown = types.filter((type) => !Object.hasOwn(TOKEN_TYPES, type));
  if (unknown.length) warnings.push(`Unrecognized values for parameter "type": ${unknown.join(', ')}.`);
  return Object.fromEntries(types.filter((type) => !unknown.includes(type)).map((type) => TOKEN_TYPES[type](request)));
}

function userinfo({ caller, params }) {
  const props = list(params.uiprop);
  return {
    id: caller.userId,
    name: caller.name,
    ...(caller.anonymous ? { anon: true } : {}),
    ...(props.includes('groups') ? { groups: caller.groups } : {}),
    ...(props.includes('rights') ? { rights: caller.rights } : {}),
  };
}

const META = { tokens, userinfo };

/** `action=query` with the `meta` modules this host has: `tokens` and `userinfo`. */
export function query(request) {
  const metas = list(request.params.meta);
  const unsupported = ['prop', 'list', 'titles', 'pageids'].filter((name) => request.params[name] !== undefined);
  if (metas.length === 0 || unsupported.length) {
    throw new ApiError('badvalue', 'This wiki\'s api.php answers only action=query with meta=tokens and meta=userinfo.');
  }
  const unknown = metas.filter((meta) => !Object.hasOwn(META, meta));
  if (unknown.length) throw new ApiError('badvalue', `Unrecognized value for parameter "meta": ${unknown.join(', ')}.`);
  const warnings = [];
  const result = { batchcomplete: true, query: Object.fromEntries(metas.map((meta) => [meta, META[meta](request, warnings)])) };
  return warnings.length ? { ...result, warnings: { tokens: { warnings: warnings.join('\n') } } } : result;
}
