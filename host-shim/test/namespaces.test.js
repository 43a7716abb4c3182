// Titles with namespace prefixes. What may be a title is the core's rule: the host only splits prefixes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkedTitle, normalizeTitle, parsePrefixedTitle, prefixedTitle, TitleError } from '../platform/pages/namespaces.js';

test('parses namespace prefixes', () => {
  assert.deepEqual(parsePrefixedTitle('Schema:person'), { namespace: 7474, title: 'Person' });
  assert.deepEqual(parsePrefixedTitle('schema_talk:A_b'), { namespace: 7475, title: 'A b' });
  assert.deepEqual(parsePrefixedTitle('Mapping:Person to schema.org'), { namespace: 7478, title: 'Person to schema.org' });
  assert.deepEqual(parsePrefixedTitle('MediaWiki:Strata.json'), { namespace: 8, title: 'Strata.json' });
  assert.deepEqual(parsePrefixedTitle('Subject:s1abc'), { namespace: 7480, title: 'S1abc' });
  assert.deepEqual(parsePrefixedTitle('Unknown:Thing'), { namespace: 0, title: 'Unknown:Thing' });
  assert.deepEqual(parsePrefixedTitle(':Main page'), { namespace: 0, title: 'Main page' }, 'one leading colon names the main namespace');
  assert.throws(() => parsePrefixedTitle('Schema:'), TitleError);
});

test('the title rule is the core\'s, with MediaWiki\'s key for each refusal', () => {
  const refused = (raw) => {
    try {
      normalizeTitle(raw);
    } catch (error) {
      assert.ok(error instanceof TitleError, String(error));
      return error.titleError;
    }
    return null;
  };
  assert.equal(refused('../../etc/passwd'), 'title-invalid-relative');
  assert.equal(refused('a/../b'), 'title-invalid-relative');
  assert.equal(refused('~~~'), 'title-invalid-magic-tilde');
  assert.equal(refused('evil\u202Etxt'), 'title-invalid-characters');
  assert.equal(refused('::Main'), 'title-invalid-leading-colon');
  assert.throws(() => parsePrefixedTitle('::Main'), TitleError, 'a second colon is not a prefix');
  assert.equal(normalizeTitle('a_b'), 'A b');
  assert.throws(() => checkedTitle(99, 'X'), /unknown namespace 99/);
});

test('prefixed titles', () => {
  assert.equal(prefixedTitle(0, 'Harbour Branch Library'), 'Harbour Branch Library');
  assert.equal(prefixedTitle(7476, 'Card view'), 'Layout:Card view');
});
