// `action=query`'s meta modules: tokens, userinfo and siteinfo, what clients ask for when they connect.
import { csrfTokenOf } from '../auth/sessions.js';
import { allNamespaces } from '../pages/namespaces.js';
import { formatVersion } from './format.js';
import { list } from './params.js';

// The MediaWiki release whose api.php this subset follows; clients such as mwclient check it.
const GENERATOR = 'MediaWiki 1.43.0 (Strata reference host)';

const TOKEN_TYPES = {
  csrf: (request) => ['csrftoken', csrfTokenOf(request.session.current)],
  login: (request) => ['logintoken', request.session.ensure().loginToken],
};

function tokens(request, warn) {
  const types = list(request.params.type ?? 'csrf');
  const unknown = types.filter((type) => !Object.hasOwn(TOKEN_TYPES, type));
  if (unknown.length) warn(`Unrecognized values for parameter "type": ${unknown.join(', ')}.`);
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

const SITEINFO = {
  general: () => ({
    mainpage: 'Main Page', sitename: 'Strata', generator: GENERATOR, lang: 'en', case: 'first-letter',
    articlepath: '/wiki/$1', scriptpath: '', script: '/index.php', writeapi: true,
  }),
  namespaces: ({ params }) => Object.fromEntries(allNamespaces().map(([id, name]) => [id, {
    id, case: 'first-letter', [formatVersion(params) === 2 ? 'name' : '*']: name, canonical: name || undefined, content: id === 0,
  }])),
};

/** `meta=siteinfo`, `siprop=general|namespaces`: what client libraries read when they connect. */
function siteinfo(request, warn) {
  const props = list(request.params.siprop ?? 'general');
  const unknown = props.filter((prop) => !Object.hasOwn(SITEINFO, prop));
  if (unknown.length) warn(`Unrecognized values for parameter "siprop": ${unknown.join(', ')}.`);
  return Object.fromEntries(props.filter((prop) => !unknown.includes(prop)).map((prop) => [prop, SITEINFO[prop](request)]));
}

/** The `meta` modules: each answers the keys it adds to `query`; `warn` adds a warning of its module. */
export const META = {
  tokens: (request, warn) => ({ tokens: tokens(request, warn) }),
  userinfo: (request) => ({ userinfo: userinfo(request) }),
  siteinfo,
};
