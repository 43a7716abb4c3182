import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeTitle, parsePrefixedTitle, prefixedTitle } from '../platform/pages/titles.js';

test('normalizes like MediaWiki and the core', () => {
  for (const [raw, want] of [
    ['person', 'Person'],
    ['Person_name', 'Person name'],
    ['  a__b  c ', 'A b c'],
    ['élan', 'Élan'],
    ['ǆ', 'Ǆ'],
  ]) assert.equal(normalizeTitle(raw), want, raw);
});

test('rejects what cannot be a title', () => {
  for (const raw of ['', ' _ ', 'a#b', 'a|b', 'x{y}', 'a<b', 'a[b]', 'bell\u0007', 'x\uFFFD']) {
    assert.throws(() => normalizeTitle(raw), /invalid title/, JSON.stringify(raw));
  }
  assert.throws(() => normalizeTitle('x'.repeat(256)), /255 bytes/);
  assert.equal(normalizeTitle('x'.repeat(255)).length, 255);
  assert.throws(() => normalizeTitle('é'.repeat(128)), /255 bytes/, 'the limit counts UTF-8 bytes');
});

test('parses namespace prefixes', () => {
  assert.deepEqual(parsePrefixedTitle('Schema:person'), { namespace: 7474, title: 'Person' });
  assert.deepEqual(parsePrefixedTitle('schema_talk:A_b'), { namespace: 7475, title: 'A b' });
  assert.deepEqual(parsePrefixedTitle('Mapping:Person to schema.org'), { namespace: 7478, title: 'Person to schema.org' });
  assert.deepEqual(parsePrefixedTitle('MediaWiki:Strata.json'), { namespace: 8, title: 'Strata.json' });
  assert.deepEqual(parsePrefixedTitle('Subject:s1abc'), { namespace: 7480, title: 'S1abc' });
  assert.deepEqual(parsePrefixedTitle('Unknown:Thing'), { namespace: 0, title: 'Unknown:Thing' });
  assert.deepEqual(parsePrefixedTitle(':Main page'), { namespace: 0, title: 'Main page' });
  assert.throws(() => parsePrefixedTitle('Schema:'), /must not be empty/);
});

test('prefixed titles', () => {
  assert.equal(prefixedTitle(0, 'ACME Inc'), 'ACME Inc');
  assert.equal(prefixedTitle(7476, 'Card view'), 'Layout:Card view');
});
