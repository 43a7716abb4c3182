// A person uses the example wiki in Chromium: opens the Main Page, finds a Subject by search, logs in,
// adds a Subject whose invalid value the browser reports before any request leaves it, fixes and saves
// it and sees it through its Layout, edits a relation by searching for its target, and is refused an
// invalid Schema edit with the reasons in place. A screenshot of each screen goes to var/screenshots/ui/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { createUser } from '../platform/auth.js';
import { importFolder } from '../platform/import.js';
import { loadCore } from '../src/loader.js';
import { launchChromium } from '../test-support/chromium.js';
import { quietLog, startSite } from '../test-support/site.js';

const core = await loadCore();
const EXAMPLE_WIKI = fileURLToPath(new URL('../../examples/wiki', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../var/screenshots/ui/', import.meta.url));
const PASSWORD = 'a long enough password';

let site;
let browser;
let page;
const pageErrors = [];

before(async () => {
  // Readers may read; only logged-in users may edit.
  site = await startSite({ core, config: { groupRights: { '*': ['read', 'strata-query'] } } });
  const host = { db: site.db, config: site.config, core, log: quietLog };
  await importFolder(host, EXAMPLE_WIKI);
  await createUser(site.db, 'Editor', PASSWORD);
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
  page.on('pageerror', (e) => pageErrors.push(e));
});

after(async () => {
  await browser?.close();
  await site.stop();
  site.remove();
});

const shot = (name) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

test('the Main Page links to Schemas, Subjects and recent edits, and search finds a Subject', async () => {
  await page.goto(`${site.url}/`);
  assert.equal(await page.locator('h1').textContent(), 'Main Page');
  for (const name of ['All Schemas', 'All Subjects', 'Recently edited Subjects']) await page.getByRole('link', { name, exact: true }).waitFor();
  assert.ok(await page.locator('table.subject-list tbody tr').count() > 0, 'recently edited Subjects are listed');
  assert.equal(await page.locator('a.edit-subject').count(), 0);
  await shot('main-page');
  await page.getByLabel('Search Subjects').fill('harbour branch');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.waitForURL(/Special:Subjects\?search=harbour/);
  const hit = page.locator('table.subject-list td:first-child').getByRole('link', { name: 'Harbour Branch Library', exact: true });
  await hit.waitFor();
  await shot('subject-list');
  await hit.click();
  await page.waitForURL(/\/wiki\/Harbour_Branch_Library/);
  const library = page.locator('section#subject-s1lib1aaaaaaa02');
  assert.equal(await library.getAttribute('data-layout'), 'LibraryInfobox');
  assert.equal(await library.locator('tr', { hasText: 'Opened' }).locator('td').first().textContent(), '1 March 1978');
  assert.equal(await library.locator('tr', { hasText: 'Kind' }).locator('td').first().textContent(), 'Branch library');
  assert.equal(await page.locator('section#subject-s1lib1aaaaaaa02 section.dependent#subject-s1adr1aaaaaaa02').count(), 1, 'the Address is under its host');
  await shot('subject-page');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('subject-page-phone');
  await page.setViewportSize({ width: 1100, height: 900 });
});

test('the Subject list pages on with its Next page link, keeping the sort', async () => {
  await page.goto(`${site.url}/wiki/Special:Subjects?sort=name`);
  const names = () => page.locator('table.subject-list tbody tr td:first-child').allTextContents();
  const first = await names();
  assert.equal(first.length, 20, 'a full first page');
  await page.getByRole('link', { name: 'Next page' }).click();
  await page.waitForURL(/Special:Subjects\?.*cursor=/);
  assert.match(page.url(), /sort=name/);
  const second = await names();
  assert.ok(second.length > 0, 'the second page lists the rest');
  assert.deepEqual(first.filter((name) => second.includes(name)), [], 'no Subject on both pages');
  const listed = await page.evaluate(async () => (await (await fetch('/rest.php/strata/v0/subjects?sort=name&limit=50')).json()).subjects);
  assert.deepEqual([...first, ...second], listed.map((row) => row.displayName).slice(0, first.length + second.length), 'the REST list\'s order, across pages');
});

test('a Schema page shows its property table and links to its Subjects', async () => {
  await page.goto(`${site.url}/wiki/Schema:Library`);
  await page.locator('table.schema-properties tr', { hasText: 'Seats' }).waitFor();
  await page.getByRole('link', { name: 'Subjects of this Schema' }).click();
  await page.waitForURL(/Special:Subjects\?schema=Library/);
  const names = await page.locator('table.subject-list td:first-child a').allTextContents();
  assert.ok(names.includes('Northfield Branch Library') && names.includes('Veldhaven City Archive'), names.join());
  assert.ok(names.every((n) => !n.startsWith('Harbour Lights')), 'only Library Subjects');
});

test('logging in shows the user name and the edit links', async () => {
  await page.goto(`${site.url}/wiki/Harbour_Lights`);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Username').fill('Editor');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
  await page.getByLabel('Password').fill(PASSWORD);
  await shot('login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/wiki\/Harbour_Lights/);
  assert.equal(await page.locator('.user-name').textContent(), 'Editor');
  assert.ok(await page.locator('a.edit-subject').count() > 0);
});

test('a new Subject is checked in the browser before any request, then saved and shown through its Layout', async () => {
  const modules = [];
  const seeModule = (r) => { if (r.url().endsWith('.wasm')) modules.push(new URL(r.url()).pathname); };
  page.on('request', seeModule);
  await page.goto(`${site.url}/wiki/Special:CreateSubject?schema=Library`);
  const editor = page.locator('#subject-editor form');
  await editor.waitFor();
  page.off('request', seeModule);
  assert.deepEqual(modules, ['/static/pkg/web-slim/strata_bg.wasm'], 'the editor runs the slim browser module');
  const sent = [];
  page.on('request', (r) => sent.push(r.url()));
  await page.getByLabel('Page title').fill('Dockside Reading Room');
  await page.getByLabel('Label').fill('Dockside Reading Room');
  const name = page.locator('.field[data-property="Name"]');
  await name.locator('input').first().fill('Dockside Reading Room');
  await name.getByLabel('Language').fill('en');
  await page.locator('.field[data-property="Kind"] select').selectOption({ label: 'Branch library' });
  const website = page.locator('.field[data-property="Website"]');
  await website.locator('input').fill('not a web address');
  await website.locator('.violation.error[data-code="invalid-url"]').waitFor();
  assert.match(await website.locator('.violation.error').textContent(), /A url part fails the URL pattern\./,
    "the core's English of strata-violation-invalid-url (docs/i18n.md)");
  assert.ok(await page.getByRole('button', { name: 'Save' }).isDisabled(), 'an error blocks saving');
  await page.locator('.field[data-property="Opened"] input').fill('1750-01-01');
  await page.locator('.field[data-property="Opened"] .violation.warning[data-code="min-value"]').waitFor();
  await shot('editor-violation');
  assert.deepEqual(sent, [], 'validation sent no request');
  await website.locator('input').fill('https://dockside.example/');
  await website.locator('.violation').waitFor({ state: 'detached' });
  assert.ok(await page.getByRole('button', { name: 'Save' }).isEnabled(), 'a warning does not block saving');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/wiki\/Dockside_Reading_Room#subject-s/);
  const section = page.locator('section.subject[data-layout="LibraryInfobox"]');
  assert.equal(await section.locator('a.external').textContent(), 'https://dockside.example/');
  assert.equal(await section.locator('tr', { hasText: 'Opened' }).locator('td').textContent(), '1 January 1750');
  await shot('saved-subject');
});

test('a relation is edited by searching for its target', async () => {
  await page.goto(`${site.url}/wiki/Harbour_Lights`);
  await page.locator('section#subject-s1bok1aaaaaaa04 > header a.edit-subject').click();
  const heldAt = page.locator('.field[data-property="Held at"]');
  await heldAt.waitFor();
  await heldAt.getByRole('button', { name: 'Add a value to Held at' }).click();
  await heldAt.locator('input[type=search]').last().fill('Docks');
  await heldAt.getByRole('option', { name: /Dockside Reading Room/ }).click();
  await shot('editor-relation');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/wiki\/Harbour_Lights#subject-s1bok1aaaaaaa04/);
  const card = page.locator('section#subject-s1bok1aaaaaaa04');
  assert.equal(await card.getAttribute('data-layout'), 'BookCard');
  await card.getByRole('link', { name: 'Dockside Reading Room' }).waitFor();
  await shot('relation-saved');
});

test('a Subject edit based on an older read is refused with a clear message', async () => {
  await page.goto(`${site.url}/wiki/Harbour_Lights`);
  await page.locator('section#subject-s1bok1aaaaaaa04 > header a.edit-subject').click();
  await page.locator('.field[data-property="Held at"]').waitFor();
  // Someone else saves the Subject after the editor read it.
  const status = await page.evaluate(async () => {
    const { rest, csrfToken } = document.getElementById('subject-editor').dataset;
    const read = await (await fetch(`${rest}/subject/s1bok1aaaaaaa04`)).json();
    const { statements } = read.subjects.s1bok1aaaaaaa04;
    const put = await fetch(`${rest}/subject/s1bok1aaaaaaa04`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify({ label: 'Harbour Lights (picture book)', statements }) });
    return put.status;
  });
  assert.equal(status, 200);
  await page.getByLabel('Label').fill('Harbour Lights, stale edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Someone else saved this page first' }).waitFor();
  await page.goto(`${site.url}/wiki/Harbour_Lights`);
  assert.equal(await page.locator('section#subject-s1bok1aaaaaaa04 h2').textContent(), 'Harbour Lights (picture book)');
});

test('Add Subject on a page without a main Subject makes the new one main, and is refused when the page changed', async () => {
  const plain = await page.evaluate(async () => {
    const token = (await (await fetch('/api.php?action=query&meta=tokens&format=json')).json()).query.tokens.csrftoken;
    const form = new URLSearchParams({ action: 'edit', title: 'Reading list', text: 'A page of prose.', token, format: 'json' });
    return (await (await fetch('/api.php', { method: 'POST', body: form })).json()).edit;
  });
  assert.equal(plain.result, 'Success');
  const add = async () => {
    await page.goto(`${site.url}/wiki/Reading_list?action=addsubject&schema=Person`);
    await page.locator('#subject-editor form').waitFor();
    await page.getByLabel('Label').fill('Ida Gerhardt');
  };
  await add();
  // Someone else edits the page after the editor read it: the save is refused, nothing is added.
  await page.evaluate(async () => {
    const token = (await (await fetch('/api.php?action=query&meta=tokens&format=json')).json()).query.tokens.csrftoken;
    await fetch('/api.php', { method: 'POST', body: new URLSearchParams({ action: 'edit', title: 'Reading list', text: 'Prose, edited.', token, format: 'json' }) });
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Someone else saved this page first' }).waitFor();
  await add();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/wiki\/Reading_list#subject-s/);
  const subjects = await page.evaluate(async (pageId) => (await (await fetch(`/rest.php/strata/v0/page/${pageId}/subjects`)).json()), plain.pageid);
  assert.equal(Object.keys(subjects.subjects).length, 1, 'the refused save added nothing');
  assert.equal(subjects.subjects[subjects.mainSubjectId]?.label, 'Ida Gerhardt', 'the new Subject is the main one');
});

test('an invalid Schema edit is refused with the reasons in place', async () => {
  await page.goto(`${site.url}/wiki/Schema:Library`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const text = page.getByLabel('Schema (JSON)');
  const schema = JSON.parse(await text.inputValue());
  schema.propertyDefinitions.Seats.minimum = 'many';
  await text.fill(JSON.stringify(schema, null, 2));
  await page.getByRole('button', { name: 'Save Schema' }).click();
  const errors = page.locator('#schema-errors');
  await errors.waitFor();
  assert.match(await errors.textContent(), /Seats/);
  await shot('schema-edit-error');
  await page.goto(`${site.url}/wiki/Schema:Library`);
  assert.match(await page.locator('table.schema-properties tr', { hasText: 'Seats' }).textContent(), /minimum 0/, 'nothing was saved');
  assert.deepEqual(pageErrors, []);
});
