// Tricky JS objects for `BatchValidator.validate`, whose objects enter wasm in an encoded form written
// by `js/encode-json.js` (or as `JSON.stringify` text when the walker cannot write them exactly): every
// case must answer (or throw) exactly as the JSON text of the same objects does. Runs in Node
// (test/objects-in.test.js, over pkg/node) and in Chromium (test/browser-validate.test.js, over
// pkg/web-slim), so it imports nothing.

export const schemas = {
  Person: {
    propertyDefinitions: {
      Name: { type: 'text', maxLength: 5 },
      Age: { type: 'number', minimum: 0, maximum: 150, multiple: true },
      Title: { type: 'monolingualText', multiple: true, uniqueItems: true },
    },
  },
};

const subject = (statements, extra = {}) => ({ schema: 'Person', label: 'Ada', ...extra, statements });
const item = (s, context = { subjectId: 's1demo1aaaaaaa1' }) => ({ subject: s, context });
const ages = (...value) => item(subject({ Age: { propertyType: 'number', value } }));
const names = (...value) => item(subject({ Name: { propertyType: 'text', value } }));
const nested = (depth) => {
  let v = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
};
class Person {
  constructor() {
    this.schema = 'Person';
    this.statements = {};
  }
}

/** Runs `change` with a global changed for the length of one call, undone after it. */
function withGlobal(target, key, value, call) {
  const before = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: true });
  try {
    return call();
  } finally {
    if (before) Object.defineProperty(target, key, before);
    else delete target[key];
  }
}

/**
 * The cases: `items()` builds a fresh argument (getters count their calls), `around` wraps the call
 * for cases that change a global.
 */
export const cases = [
  { name: 'numbers: -0, 1e21, 0.1, 2**53 + 2, 1e300, the smallest, NaN and the infinities', items: () => [ages(-0, 1e21, 0.1, 2 ** 53 + 2, 1e300, 5e-324, -1.5e-7, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53) + 1, NaN, Infinity, -Infinity, 151, -1)] },
  { name: 'numbers as a context and label would never be', items: () => [item(subject({}, { label: 0.30000000000000004 }), { subjectId: 1e21 }), item(subject({}), { isMain: -0 })] },
  { name: 'non-ASCII and astral strings and keys', items: () => [names('é', '日本語', '🚀🚀', 'ab£', 'x😀y'), item(subject({ 'Náme': { propertyType: 'text', value: ['a'] }, '🚀': { propertyType: 'text', value: ['b'] } })), item(subject({}, { label: '' }))] },
  { name: 'strings JSON.stringify escapes', items: () => [names('quote " backslash \\ newline \n tab \t nul \u0000 \u2028')] },
  { name: 'empty objects and arrays', items: () => [item({}), item(subject({})), item(subject({}), {}), names(), { subject: { statements: [] } }, []] },
  { name: 'objects without a prototype', items: () => [Object.assign(Object.create(null), { subject: Object.assign(Object.create(null), subject({ Name: Object.assign(Object.create(null), { propertyType: 'text', value: ['abcdefg'] }) })) })] },
  // eslint-disable-next-line no-sparse-arrays -- a hole is the case: JSON writes it as null
  { name: 'members left out and elements written as null', items: () => [item(subject({ Name: { propertyType: 'text', value: ['a', undefined, () => 1, Symbol('s')] } }, { label: undefined, x: () => 1, y: Symbol('y') })), [undefined], item(subject({ Age: { propertyType: 'number', value: [1, , 3] } }))] },
  { name: 'items that are not objects', items: () => [1, 'x', null, true, [], [[]]] },
  { name: 'an object instead of an array', items: () => ({ 0: item(subject({})) }) },
  { name: 'a string, a number, null', items: () => 'items' },
  { name: 'nesting of 127 containers', items: () => [item(subject({ Name: { propertyType: 'text', value: nested(122) } }))] },
  { name: 'nesting of 128 containers', items: () => [item(subject({ Name: { propertyType: 'text', value: nested(123) } }))] },
  { name: 'a cycle', items: () => { const s = subject({}); s.statements.self = s; return [item(s)]; } },
  { name: 'a lone surrogate in a string', items: () => [names('x\uD800y')] },
  { name: 'a lone surrogate in a key', items: () => [item(subject({ ['\uDC00']: { propertyType: 'text', value: ['a'] } }))] },
  { name: 'a toJSON of its own', items: () => [item({ ...subject({}), toJSON: () => subject({ Name: { propertyType: 'text', value: ['abcdefgh'] } }) })] },
  { name: 'a toJSON that is not a function', items: () => [item({ ...subject({}), toJSON: 5 })] },
  { name: 'a toJSON on Object.prototype', items: () => [item(subject({}))], around: (call) => withGlobal(Object.prototype, 'toJSON', function () { return this; }, call) },
  { name: 'a toJSON on Array.prototype', items: () => [names('abcdefgh')], around: (call) => withGlobal(Array.prototype, 'toJSON', function () { return ['x']; }, call) },
  { name: 'an enumerable property on Object.prototype', items: () => [names('abcdefgh')], around: (call) => withGlobal(Object.prototype, 'polluted', 1, call) },
  { name: 'a Date, a Map, a Set, a RegExp, a typed array', items: () => [item(subject({ Name: { propertyType: 'text', value: [new Date(0), new Map([[1, 2]]), new Set([1]), /x/, new Uint8Array([1, 2])] } }))] },
  { name: 'a class instance', items: () => [item(new Person())] },
  { name: 'boxed primitives', items: () => [names(new String('abcdefgh'), new Number(1), new Boolean(false))] },
  { name: 'a BigInt', items: () => [ages(1n)] },
  { name: 'raw JSON', items: () => (typeof JSON.rawJSON === 'function' ? [ages(JSON.rawJSON('1e400'))] : [ages(1)]) },
  { name: 'an array whose prototype is not Array.prototype', items: () => [names(Object.setPrototypeOf(['a'], Object.prototype))] },
  { name: 'an object of 300 members, some left out, so counts and key indices past one byte', items: () => [item(subject(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`P${i}`, i % 7 === 0 ? undefined : { propertyType: 'text', value: [`v${i}`] }]))))] },
  { name: 'a key left out where first met, written in a later object', items: () => [item(subject({ Name: undefined, Age: { propertyType: 'number', value: [1] } })), names('abc'), item(subject({ Age: { propertyType: 'number', value: [2] }, Name: { propertyType: 'text', value: ['x'] } }))] },
  { name: 'the same keys in other orders and at other depths', items: () => [names('a'), item({ context: { subjectId: 's1demo1aaaaaaa1' }, subject: { statements: { Name: { value: ['b'], propertyType: 'text' } }, schema: 'Person' } }), item(subject({ Name: { propertyType: 'text', value: [{ Name: 'deep', value: 1 }] } }))] },
  { name: 'more distinct keys than the walker keeps from one batch to the next', items: () => Array.from({ length: 20 }, (_, b) => item(subject(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`K${b}-${i}`, { propertyType: 'text', value: ['v'] }]))))) },
  { name: 'a large batch that grows the buffers several times', items: () => Array.from({ length: 3000 }, (_, i) => names(`name ${i} ${'é'.repeat(i % 50)}`, 'x'.repeat(i % 300))) },
  { name: 'one long string', items: () => [names('a'.repeat(1 << 20) + 'é'.repeat(1 << 18))] },
];

/** What a call gives: its answer or its error's name, code and message. */
export function outcome(call) {
  try {
    return { answer: call() };
  } catch (e) {
    return { error: { name: e?.name, code: e?.code, message: e?.message } };
  }
}

/**
 * Each case's outcome through `validate(items)` and through the JSON text of the same objects (an
 * argument `JSON.stringify` cannot write is `invalid-argument`, as `validate` has always answered it).
 */
export function bothWays(batch, c) {
  const around = c.around ?? ((call) => call());
  const objects = around(() => outcome(() => batch.validate(c.items())));
  const text = around(() => outcome(() => {
    let json;
    try {
      json = JSON.stringify(c.items());
    } catch {
      const e = new Error('items cannot be converted to JSON');
      Object.assign(e, { name: 'StrataError', code: 'invalid-argument' });
      throw e;
    }
    return JSON.parse(batch.validateJson(json));
  }));
  return { objects, text };
}

/** How often `validate` reads a getter of its items: once when they are encoded, twice when they fall back. */
export function getterReads(batch, fallBack) {
  let reads = 0;
  const s = subject({});
  Object.defineProperty(s, 'label', { enumerable: true, get: () => { reads += 1; return 'Ada'; } });
  if (fallBack) s.statements.when = new Date(0);
  return { answer: batch.validate([item(s)]), reads };
}
