import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeBridge } from '../src/bridge.js';
import { CoreNotBuiltError, loadCore } from '../src/loader.js';

const bridge = makeBridge({
  echo: (args) => args,
  later: async ({ value }) => ({ value }),
  nothing: () => undefined,
  broken: () => {
    throw new Error('disk on fire');
  },
  rejects: async () => {
    throw new Error('remote said no');
  },
});

test('dispatches to the named op and answers JSON text', async () => {
  assert.equal(await bridge.call('echo', '{"pageId":12}'), '{"pageId":12}');
  assert.equal(await bridge.call('later', '{"value":[1,2]}'), '{"value":[1,2]}');
  assert.equal(await bridge.call('nothing', '{}'), 'null');
});

test('an unknown op is a rejection naming it, also for inherited names', async () => {
  await assert.rejects(bridge.call('pageBySlug', '{}'), { message: 'unknown host operation "pageBySlug"' });
  await assert.rejects(bridge.call('toString', '{}'), /unknown host operation "toString"/);
  await assert.rejects(bridge.call('constructor', '{}'), /unknown host operation "constructor"/);
});

test('thrown and rejected errors become rejections naming the op', async () => {
  await assert.rejects(bridge.call('broken', '{}'), { message: 'host operation "broken" failed: disk on fire' });
  await assert.rejects(bridge.call('rejects', '{}'), { message: 'host operation "rejects" failed: remote said no' });
});

test('arguments that are not JSON are a rejection, not a crash', async () => {
  await assert.rejects(bridge.call('echo', '{pageId'), /host operation "echo": arguments are not JSON/);
});

test('no failure escapes synchronously: every kind is a promise that rejects', async () => {
  for (const [op, args] of [['nope', '{}'], [42, '{}'], ['echo', '{pageId'], ['broken', '{}']]) {
    let answer;
    assert.doesNotThrow(() => { answer = bridge.call(op, args); }, `call(${op}) threw instead of rejecting`);
    assert.equal(typeof answer?.then, 'function', `call(${op}) answered no promise`);
    await assert.rejects(answer, new RegExp(`host operation "?${op}`));
  }
});

test('loadCore names the build step when the module is missing', async () => {
  const moduleUrl = new URL('../no-such-build/strata.js', import.meta.url);
  await assert.rejects(loadCore({ moduleUrl }), (error) => {
    assert.ok(error instanceof CoreNotBuiltError);
    assert.match(error.message, /not built: .*no-such-build\/strata\.js is missing/);
    assert.match(error.message, /scripts\/build\.sh/);
    return true;
  });
});
