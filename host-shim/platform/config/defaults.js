// The values a key takes when the configuration file leaves it out.
const EVERYONE = ['read', 'edit', 'createpage', 'strata-query'];

export const DEFAULT_GROUP_RIGHTS = {
  '*': EVERYONE,
  user: EVERYONE,
  bot: ['apihighlimits', 'bot'],
  sysop: ['apihighlimits', 'noratelimit', 'delete', 'editinterface'],
  bureaucrat: ['noratelimit'],
};

export const DEFAULTS = {
  listen: '127.0.0.1:8484',
  dataDir: './var',
  titling: 'page-first',
  sourceKey: 'local',
  dereferenceToDataTab: true,
  enforceValidation: false,
  loginRequired: false,
  readRestrictions: { namespaces: {}, pages: {} },
  queryLimits: {
    default: { timeoutSeconds: 30, maxRows: 5000 },
    expensive: { timeoutSeconds: 300, maxRows: 50000 },
  },
  rateLimits: {
    'strata-query': {
      anon: { count: 10, seconds: 60 },
      user: { count: 60, seconds: 60 },
      bot: { count: 1000, seconds: 60 },
    },
  },
  searchTimeoutMs: 5000,
  sources: {},
  stores: {},
};
