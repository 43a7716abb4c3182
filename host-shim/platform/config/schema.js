// JSON Schema of `strata.config.json`. Every key is optional; `defaults.js` fills in the rest.
import { loadCore } from '../../src/loader.js';

const rightList = { type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' }, uniqueItems: true };
const groupList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true };
const positiveInteger = { type: 'integer', minimum: 1 };

const queryTier = {
  type: 'object',
  additionalProperties: false,
  required: ['timeoutSeconds', 'maxRows'],
  properties: { timeoutSeconds: positiveInteger, maxRows: positiveInteger },
};

const rate = {
  type: 'object',
  additionalProperties: false,
  required: ['count', 'seconds'],
  properties: { count: { type: 'integer', minimum: 0 }, seconds: positiveInteger },
};

const store = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { enum: Object.keys((await loadCore()).storeKinds()) },
    projection: { type: 'string', minLength: 1 },
    url: { type: 'string', pattern: '^(https?|redis)://' },
    readUrl: { type: 'string', pattern: '^redis://' },
    directory: { type: 'string', minLength: 1 },
    graph: { type: 'string', minLength: 1 },
    snapshotDelayMs: { type: 'integer', minimum: 0 },
  },
};

const httpUrl = { type: 'string', pattern: '^https?://[^\\s<>"{}|\\\\^`]+$' };

// A registered Subject source (docs/federation.md). Credentials are a bot password of that wiki.
const source = {
  type: 'object',
  additionalProperties: false,
  required: ['baseUrl'],
  properties: {
    baseUrl: httpUrl,
    rdfBaseUri: httpUrl,
    botUser: { type: 'string', pattern: '^[^@]+@[^@]+$' },
    botPassword: { type: 'string', minLength: 1 },
    timeoutMs: positiveInteger,
    cacheSeconds: { type: 'integer', minimum: 0 },
    maxBytes: positiveInteger,
  },
  dependencies: { botUser: ['botPassword'], botPassword: ['botUser'] },
};

export const configSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    listen: { type: 'string', pattern: '^[^\\s:]+:\\d{1,5}$|^\\[[0-9a-fA-F:]+\\]:\\d{1,5}$' },
    dataDir: { type: 'string', minLength: 1 },
    titling: { enum: ['page-first', 'subject-first'] },
    sourceKey: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    rdfBaseUri: httpUrl,
    dereferenceToDataTab: { type: 'boolean' },
    enforceValidation: { type: 'boolean' },
    groupRights: {
      type: 'object',
      propertyNames: { minLength: 1 },
      additionalProperties: rightList,
    },
    loginRequired: { type: 'boolean' },
    readRestrictions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        namespaces: { type: 'object', propertyNames: { pattern: '^-?\\d+$' }, additionalProperties: groupList },
        pages: { type: 'object', additionalProperties: groupList },
      },
    },
    queryLimits: {
      type: 'object',
      additionalProperties: false,
      required: ['default', 'expensive'],
      properties: { default: queryTier, expensive: queryTier },
    },
    rateLimits: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { anon: rate, user: rate, bot: rate },
      },
    },
    searchTimeoutMs: positiveInteger,
    // Test-only (platform/storage/held-saves.js); never set outside tests.
    testHoldSavesFile: { type: 'string', minLength: 1 },
    sources: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
      additionalProperties: source,
    },
    stores: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
      additionalProperties: store,
    },
  },
};
