// The Subject editor's words are messages declared once (host-shim/browser/i18n/en.json), documented
// (qqq.json), all used, all listed in the MediaWiki extension's ResourceLoader module (which hands
// them to the editor through mw.msg), and formatted with their parameters by the reference host.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { messagesFrom, withCoreMessages } from '../browser/editor-messages.js';
import { loadCore } from '../src/loader.js';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const keys = (path) => Object.keys(JSON.parse(read(path))).filter((k) => k !== '@metadata').sort();
const EDITOR_KEYS = keys('host-shim/browser/i18n/en.json');
const SOURCES = ['host-shim/browser/subject-editor.js', 'host-shim/browser/editor-fields.js', 'host-shim/browser/subject-editor-boot.js',
  'mediawiki/resources/ext.strata.editor/boot.js'];

test('every message of the editor is documented and used, and every key the code asks for exists', () => {
  assert.deepEqual(keys('host-shim/browser/i18n/qqq.json'), EDITOR_KEYS);
  const code = SOURCES.map(read).join('\n');
  const asked = [...new Set([...code.matchAll(/'(strata-editor-[a-z-]+)'/g)].map((m) => m[1]))].sort();
  assert.deepEqual(asked, EDITOR_KEYS);
});

const core = await loadCore();
const VIOLATION_KEYS = Object.keys(core.messageTable()).filter((k) => k.startsWith('strata-violation-'));

test("the MediaWiki extension's messages are documented, and its editor module carries every editor and violation message", () => {
  assert.deepEqual(keys('mediawiki/i18n/qqq.json'), keys('mediawiki/i18n/en.json'));
  const extension = JSON.parse(read('mediawiki/extension.json'));
  assert.deepEqual([...extension.ResourceModules['ext.strata.editor'].messages].sort(), [...EDITOR_KEYS, ...VIOLATION_KEYS].sort());
  assert.ok(extension.MessagesDirs.Strata.includes('resources/lib/editor/i18n'), 'MediaWiki reads the shared messages');
  const shared = new Set(EDITOR_KEYS);
  assert.deepEqual(keys('mediawiki/i18n/en.json').filter((k) => shared.has(k)), [], 'no message is declared twice');
});

test('messages take their parameters', () => {
  const msg = messagesFrom({ one: 'Add a value to $1', two: '$1 Value $2.', none: 'Save' });
  const cases = [
    [['one', 'Name'], 'Add a value to Name'],
    [['two', 'Too long', 2], 'Too long Value 2.'],
    [['two', 'Too long'], 'Too long Value $2.'],
    [['none', 'ignored'], 'Save'],
    [['missing'], '⧼missing⧽'],
  ];
  for (const [args, want] of cases) assert.equal(msg(...args), want, args.join(' '));
});

test("the reference host's editor words: its own messages, then the core's English (violations among them)", () => {
  const msg = withCoreMessages(messagesFrom({ 'strata-editor-save': 'Save' }), core);
  assert.equal(msg('strata-editor-save'), 'Save');
  assert.equal(msg('strata-violation-invalid-url'), core.messageTable()['strata-violation-invalid-url']);
  assert.ok(VIOLATION_KEYS.length > 10 && !msg('strata-violation-invalid-url').startsWith('⧼'));
});
