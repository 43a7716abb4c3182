// The Subject editor in MediaWiki, in Chromium (scripts/test-mediawiki.sh runs this file against its
// wiki; elsewhere it is skipped): an editor logs in through Special:UserLogin, creates a Subject through
// Special:CreateSubject (Schema picker, then the form), sees a violation checked in the browser with no
// request sent, fixes it and saves, and sees the value on the new page; edits the Subject from its page
// (Edit links in the page view and on the Data tab) below the edit notices MediaWiki's parser drew;
// a page the editor may not edit shows no controls; the editor works at phone width; with
// uselang=qqx a violation shows its message key. Screenshots of each
// screen go to var/screenshots/mediawiki/ (a few are kept in docs/ui/, docs/ui.md).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launchChromium } from '../test-support/chromium.js';
import { hostKind, hostName, skipUnless, startWithSysop, unique } from '../test-support/target.js';

const V0 = '/rest.php/strata/v0';
const SHOTS = fileURLToPath(new URL('../../var/screenshots/mediawiki/', import.meta.url));
const skip = hostKind === 'mediawiki' ? skipUnless({ user: true }) : `${hostName} is not MediaWiki`;
const SCHEMA = unique('Venue');
const PAGE = unique('Venue page');
const VENUE = {
  description: 'A place where events are held.',
  propertyDefinitions: {
    Website: { type: 'url' },
    Opened: { type: 'date', minimum: '1800-01-01', description: 'When it first opened.' },
    Seats: { type: 'number', precision: 0 },
  },
};

let target;
let sam;
let browser;
let page;
let subjectId;
let pageId;
const pageErrors = [];
const DESKTOP = { width: 1200, height: 900 };

before(async () => {
  if (skip) return;
  ({ target, sam } = await startWithSysop());
  assert.equal((await sam.rest('PUT', `${V0}/schema/${SCHEMA}`, { body: { schema: VENUE } })).status, 201);
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  page.on('pageerror', (e) => pageErrors.push(e));
});

after(async () => {
  await browser?.close();
  await target?.remove();
});

const shot = (name) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
const wiki = (title, query = {}) => `${target.url}/index.php?${new URLSearchParams({ title, ...query })}`;
/** The wiki's script path (`/w`, or empty at the server's root): where its paths start. */
const scriptPath = () => new URL(target.url).pathname.replace(/\/$/, '');

test('an editor logs in through Special:UserLogin', { skip }, async () => {
  const name = unique('Editor');
  const password = await target.userPassword(name);
  await page.goto(wiki('Special:UserLogin'));
  await page.locator('#wpName1').fill(name);
  await page.locator('#wpPassword1').fill(password);
  await page.locator('#wpLoginAttempt').click();
  await page.waitForURL((url) => !url.searchParams.get('title')?.startsWith('Special:UserLogin'));
  assert.equal(await page.evaluate(() => window.mw.config.get('wgUserName')), name);
});

test('Special:CreateSubject: a Schema picker, then the form, checked in the browser with no request, then a new page', { skip }, async () => {
  const modules = [];
  const seeModule = (r) => { if (/\.(wasm|js)$/.test(new URL(r.url()).pathname) && r.url().includes('/resources/lib/')) modules.push(new URL(r.url()).pathname); };
  page.on('request', seeModule);
  await page.goto(wiki('Special:CreateSubject'));
  const picker = page.getByLabel('Schema', { exact: true });
  await picker.waitFor();
  await shot('create-subject-picker');
  await picker.selectOption(SCHEMA);
  const form = page.locator('#subject-editor form');
  await form.waitFor();
  page.off('request', seeModule);
  const assets = `${scriptPath()}/extensions/Strata/resources/lib`;
  assert.ok(modules.includes(`${assets}/strata-web/strata_bg.wasm`), `the slim core from the assets path: ${modules}`);
  assert.ok(modules.includes(`${assets}/editor/subject-editor.js`), 'the shared editor module from the assets path');

  const sent = [];
  const count = (r) => sent.push(r.url());
  page.on('request', count);
  await page.getByLabel('Page title').fill(PAGE);
  await page.getByLabel('Label').fill('Harbour Hall');
  const website = page.locator(`.field[data-property="Website"]`);
  await website.locator('input').fill('not a web address');
  await website.locator('.violation.error[data-code="invalid-url"]').waitFor();
  assert.match(await website.locator('.violation.error').textContent(), /^Error: /, 'the severity is a message');
  assert.ok(await page.getByRole('button', { name: 'Save' }).isDisabled(), 'an error blocks saving');
  await page.locator('.field[data-property="Opened"] input').fill('1750-05-01');
  await page.locator('.field[data-property="Opened"] .violation.warning[data-code="min-value"]').waitFor();
  await page.getByRole('status').filter({ hasText: '1 error(s) to fix before saving' }).waitFor();
  await shot('editor-violation');
  await form.evaluate((f) => f.requestSubmit());
  assert.deepEqual(sent, [], 'neither validation nor a submit with an error sent a request');

  await website.locator('input').fill('https://harbour-hall.example/');
  await website.locator('.violation').waitFor({ state: 'detached' });
  assert.ok(await page.getByRole('button', { name: 'Save' }).isEnabled(), 'a warning does not block saving');
  const saves = [];
  page.on('request', (r) => { if (r.method() === 'POST') saves.push({ url: new URL(r.url()).pathname, token: r.headers()['x-csrf-token'] }); });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#subject-s'));
  page.off('request', count);
  assert.equal(saves.length, 1);
  assert.equal(saves[0].url, `${scriptPath()}${V0}/subjects`, 'saved through the REST API below $wgRestPath');
  assert.match(saves[0].token, /\+\\$/, "with the session's CSRF token");
  subjectId = new URL(page.url()).hash.slice('#subject-'.length);
  assert.equal(new URL(page.url()).pathname, await page.evaluate((title) => window.mw.util.getUrl(title), PAGE), 'the new page is opened');

  const read = await sam.rest('GET', `${V0}/subject/${subjectId}?expand=page`);
  const saved = read.json.subjects[subjectId];
  assert.equal(saved.label, 'Harbour Hall');
  assert.deepEqual(saved.statements.Website.value, ['https://harbour-hall.example/']);
  assert.deepEqual(saved.statements.Opened.value, ['1750-05-01']);
  pageId = saved.pageId;
  const section = page.locator(`section.subject#subject-${subjectId}`);
  await section.getByText('https://harbour-hall.example/').waitFor();
  await shot('created-subject');
});

test('with uselang=qqx the editor shows a violation by its message key, as MediaWiki shows every message', { skip }, async () => {
  await page.goto(wiki('Special:CreateSubject', { uselang: 'qqx' }));
  await page.locator('#schema-choice').selectOption(SCHEMA);
  const website = page.locator('.field[data-property="Website"]');
  await website.locator('input').fill('not a web address');
  const violation = website.locator('.violation.error[data-code="invalid-url"]');
  await violation.waitFor();
  assert.match(await violation.textContent(), /\(strata-violation-invalid-url\)/, 'the core message of the code, looked up by key');
  assert.doesNotMatch(await violation.textContent(), /Error: /, 'no English');
});

test('Edit on a Subject of the page (and of the Data tab) edits it with If-Match below the edit notices as wikitext', { skip }, async () => {
  const notice = await sam.edit({ title: `MediaWiki:Strata-editnotice-${SCHEMA}`, text: `'''Cite''' your [[${PAGE}|sources]].` });
  assert.equal(notice.edit?.result, 'Success', JSON.stringify(notice));
  await page.goto(wiki(PAGE, { action: 'subjects' }));
  const fromDataTab = page.locator(`tr.subject[id="${subjectId}"] a.edit-subject`);
  assert.equal(await fromDataTab.textContent(), 'Edit');
  assert.equal(new URL(await fromDataTab.evaluate((a) => a.href)).searchParams.get('subject'), subjectId);
  await shot('data-tab-edit');
  await page.goto(wiki(PAGE));
  const edit = page.locator(`section.subject#subject-${subjectId} > header a.edit-subject`);
  assert.equal(await edit.textContent(), 'Edit');
  await shot('page-view-edit');
  await edit.click();
  const label = page.getByLabel('Label');
  await label.waitFor();
  assert.equal(await label.inputValue(), 'Harbour Hall', 'the editor shows the stored values');
  assert.equal(await page.locator('.field[data-property="Website"] input').inputValue(), 'https://harbour-hall.example/');
  const shown = page.locator(`.edit-notices .edit-notice[data-key="strata-editnotice-${SCHEMA.toLowerCase()}"]`);
  assert.equal(await shown.locator('b').textContent(), 'Cite', "MediaWiki's parser drew the notice");
  assert.equal(await shown.getByRole('link', { name: 'sources' }).getAttribute('href'), await page.evaluate((title) => window.mw.util.getUrl(title), PAGE));
  await shot('edit-subject');
  await label.fill('Harbour Concert Hall');
  await page.locator('.field[data-property="Seats"] input').fill('420');
  const puts = [];
  page.on('request', (r) => { if (r.method() === 'PUT') puts.push(r.headers()['if-match']); });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.hash === `#subject-${subjectId}`);
  assert.equal(puts.length, 1);
  assert.ok(puts[0], 'the edit names the read it started from (If-Match)');
  const saved = (await sam.rest('GET', `${V0}/subject/${subjectId}`)).json.subjects[subjectId];
  assert.equal(saved.label, 'Harbour Concert Hall');
  assert.equal(saved.statements.Seats.value, 420);
  await page.locator(`section.subject#subject-${subjectId}`).getByText('Harbour Concert Hall').first().waitFor();
  const stale = await sam.rest('PUT', `${V0}/subject/${subjectId}`, { body: { label: 'Stale', statements: saved.statements }, headers: { 'if-match': puts[0] } });
  assert.equal(stale.status, 412, 'the core, not MediaWiki, judges If-Match: a save based on the older read is refused');
});

test('Add Subject adds a Subject to the page, and a page the editor may not edit shows no controls', { skip }, async () => {
  await page.goto(wiki(PAGE));
  await page.locator('#ca-addsubject a').click();
  await page.getByLabel('Schema', { exact: true }).selectOption(SCHEMA);
  await page.getByLabel('Label').fill('Harbour Hall foyer');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#subject-s') && url.hash !== `#subject-${subjectId}`);
  const subjects = (await sam.rest('GET', `${V0}/page/${pageId}/subjects`)).json;
  assert.deepEqual(Object.values(subjects.subjects).map((s) => s.label).sort(), ['Harbour Concert Hall', 'Harbour Hall foyer']);
  assert.equal(subjects.mainSubjectId, subjectId, 'the page keeps its main Subject');

  const protect = await sam.post({ action: 'protect', title: PAGE, protections: 'edit=sysop', token: sam.csrf });
  assert.ok(protect.protect, JSON.stringify(protect));
  await page.goto(wiki(PAGE, { action: 'subjects' }));
  await page.locator(`tr.subject[id="${subjectId}"]`).waitFor();
  assert.equal(await page.locator('a.edit-subject').count(), 0, 'no Edit links');
  assert.equal(await page.locator('#ca-addsubject').count(), 0, 'no Add Subject tab');
  // MediaWiki's own view of the protection reaches its page views a moment later (its caches): wait
  // until the page view says the page is not editable (its Edit tab goes), then the Edit links must go too.
  const ends = Date.now() + 30_000;
  do {
    await page.goto(wiki(PAGE, { action: 'view' }));
  } while (await page.evaluate(() => window.mw.config.get('wgIsProbablyEditable')) && Date.now() < ends);
  await page.locator(`section.subject#subject-${subjectId}`).waitFor();
  assert.equal(await page.evaluate(() => window.mw.config.get('wgIsProbablyEditable')), false, 'MediaWiki applied the protection');
  assert.deepEqual(await page.locator('a.edit-subject').evaluateAll((links) => links.map((a) => a.href)), [], 'no Edit links in the page view');
  await page.goto(wiki(PAGE, { action: 'editsubject', subject: subjectId }));
  assert.equal(await page.locator('#subject-editor').count(), 0, 'the editor is refused');
});

test('the editor fits the content area of a phone-width screen in Vector 2022, MonoBook and Minerva', { skip }, async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const skin of ['vector-2022', 'monobook', 'minerva']) {
      await page.goto(wiki('Special:CreateSubject', { schema: SCHEMA, useskin: skin }));
      await page.locator('#subject-editor form').waitFor();
      await page.locator('.field[data-property="Website"] input').fill('not a web address');
      await page.locator('.violation.error').waitFor();
      // Within the skin's content area (Vector 2022 of MediaWiki 1.39 keeps a minimum page width of its own).
      const overflow = await page.evaluate(() => {
        const box = document.getElementById('subject-editor').getBoundingClientRect();
        return [...document.querySelectorAll('#subject-editor input, #subject-editor select, #subject-editor button')]
          .filter((el) => el.getBoundingClientRect().right > box.right || el.getBoundingClientRect().left < box.left).map((el) => el.outerHTML);
      });
      assert.deepEqual(overflow, [], `${skin}: no field runs out of the editor`);
      const bare = await page.locator('#subject-editor input').evaluateAll((inputs) => inputs
        .filter((el) => getComputedStyle(el).borderTopStyle === 'none' || getComputedStyle(el).borderTopWidth === '0px').length);
      assert.equal(bare, 0, `${skin}: every input shows its box`);
      await shot(`editor-phone-${skin}`);
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
  assert.deepEqual(pageErrors, []);
});
