// A reader of a MediaWiki with Strata, in Chromium: a page shows its Subject's values below its text
// (in Vector 2010 and 2022, MonoBook, and at phone width); editing the Layout the page uses changes the
// page; the Data tab's Copy button copies the Subject's IRI; Special:Subjects finds the Subject. Runs
// against the MediaWiki of scripts/test-mediawiki.sh (STRATA_E2E_KIND=mediawiki), at the server's root
// or under a script path (STRATA_E2E_URL ending in /w); skipped on the reference host, whose own
// browser tests are browser-wiki-ui and browser-data-tab. Screenshots go to var/screenshots/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test-support/chromium.js';
import { V0 } from '../test-support/rest-client.js';
import { hostKind, startWithSysop, unique } from '../test-support/target.js';

const skip = hostKind !== 'mediawiki' && 'needs a MediaWiki (STRATA_E2E_KIND=mediawiki)';
const screenshots = fileURLToPath(new URL('../../var/screenshots/', import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** Screenshots are named after the layout the wiki runs under: `root` or the script path. */
const layoutName = () => (new URL(process.env.STRATA_E2E_URL ?? 'http://x').pathname.replace(/\//g, '') || 'root');

const text = (value) => ({ propertyType: 'text', value: [value] });

async function setUp() {
  const { target, sam } = await startWithSysop();
  const schema = unique('Person');
  const layout = unique('Card');
  const title = unique('Reader page');
  const put = await sam.rest('PUT', `${V0}/schema/${schema}`, { body: { schema: { propertyDefinitions: { Born: { type: 'text' }, Motto: { type: 'text' } } } } });
  assert.equal(put.status, 201, put.text);
  // The Layout exists before the page is first drawn, so the page's rendering depends on it.
  const created = await sam.edit({ title: `Layout:${layout}`, text: JSON.stringify({ schema, type: 'card', settings: { properties: ['Born', 'Motto'] } }) });
  assert.equal(created.edit?.result, 'Success', JSON.stringify(created));
  const post = await sam.rest('POST', `${V0}/subjects`, { body: { schema, label: 'Ada Reader', pageTitle: title, statements: { Born: text('1815'), Motto: text('Poetical science') } } });
  assert.equal(post.status, 201, post.text);
  return { target, sam, schema, layout, title, id: post.json.subject.id };
}

/** A fresh browser page of `viewport`, failing the test on any script error. */
async function browserPage(browser, target, viewport) {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(target.url).origin });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e));
  return page;
}

const pageUrl = (target, title, query = '') => `${target.url}/index.php?title=${encodeURIComponent(title.replace(/ /g, '_'))}${query}`;

test('a reader sees the Subject through its Layout, and a Layout edit changes the page', { skip }, async () => {
  const { target, sam, layout, title, id } = await setUp();
  const browser = await launchChromium();
  try {
    await mkdir(screenshots, { recursive: true });
    for (const [skin, viewport] of [['vector', DESKTOP], ['vector-2022', DESKTOP], ['monobook', DESKTOP], ['vector', PHONE]]) {
      const page = await browserPage(browser, target, viewport);
      await page.goto(pageUrl(target, title, `&useskin=${skin}`));
      const subject = page.locator(`section.subject[data-subject-id="${id}"]`);
      await subject.waitFor();
      assert.equal(await subject.getAttribute('data-layout'), layout);
      assert.equal((await subject.locator('.subject-name').textContent()).trim(), 'Ada Reader');
      assert.match(await subject.innerText(), /1815/);
      assert.match(await subject.innerText(), /Poetical science/);
      // Below the page's own content, inside MediaWiki's content area, styled by the module.
      assert.equal(await page.locator('.mw-parser-output section.subject').count(), 1);
      assert.equal(await subject.evaluate((el) => getComputedStyle(el).borderTopStyle), 'solid');
      const box = await subject.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${skin} at ${viewport.width}px: the Subject fits the screen`);
      const name = viewport === PHONE ? `mediawiki-${layoutName()}-page-phone.png` : `mediawiki-${layoutName()}-page-${skin}.png`;
      await page.screenshot({ path: `${screenshots}${name}`, fullPage: true });
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }

    const edited = await sam.edit({ title: `Layout:${layout}`, text: JSON.stringify({ schema: (await sam.rest('GET', `${V0}/layout/${layout}`)).json.layout.schema, type: 'table', settings: { columns: ['Motto'] } }) });
    assert.equal(edited.edit?.result, 'Success', JSON.stringify(edited));
    // MediaWiki refreshes the pages that use the Layout by jobs (templatelinks), one per page view;
    // other tests may have queued many before them.
    for (let view = 0; view < 500 && !(await (await fetch(pageUrl(target, title))).text()).includes('layout-table'); view += 1) {
      await target.runQueuedJobs();
    }
    const page = await browserPage(browser, target, DESKTOP);
    await page.goto(pageUrl(target, title));
    const subject = page.locator(`section.subject[data-subject-id="${id}"]`);
    await subject.locator('table.layout-table').waitFor();
    assert.deepEqual(await subject.locator('table.layout-table thead th').allTextContents(), ['Motto']);
    assert.doesNotMatch(await subject.innerText(), /1815/, 'the new Layout leaves Born out');
    await page.screenshot({ path: `${screenshots}mediawiki-${layoutName()}-page-after-layout-edit.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('the Data tab copies the IRI, and Special:Subjects finds the Subject', { skip }, async () => {
  const { target, schema, title, id } = await setUp();
  const browser = await launchChromium();
  try {
    await mkdir(screenshots, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const suffix = viewport === PHONE ? '-phone' : '';
      const page = await browserPage(browser, target, viewport);
      await page.goto(pageUrl(target, title, '&action=subjects'));
      const row = page.locator(`tr.subject[id="${id}"]`);
      const iri = (await row.locator('code.iri').textContent()).trim();
      const heading = await page.locator('table.subjects thead th').nth(1).boundingBox();
      const cell = await row.locator('td').nth(1).boundingBox();
      assert.equal(Math.round(heading.x), Math.round(cell.x), 'the table is laid out as one table (its head above its columns)');
      assert.match(iri, new RegExp(`/entity/${id}$`));
      await row.getByRole('button', { name: 'Copy' }).click();
      await row.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), iri);
      const json = await row.locator('a.export-json').getAttribute('href');
      assert.equal(new URL(json, target.url).href, `${target.url}/rest.php/strata/v0/subject/${id}`, 'the export link follows $wgRestPath');
      await page.screenshot({ path: `${screenshots}mediawiki-${layoutName()}-data-tab${suffix}.png`, fullPage: true });

      await page.goto(`${target.url}/index.php?title=Special:Subjects`);
      await page.locator('form.subject-search input[name="search"]').fill('Ada Reader');
      await page.locator('form.subject-search select[name="schema"]').selectOption(schema);
      await page.locator('form.subject-search button[type="submit"]').click();
      const found = page.locator('table.subject-list a', { hasText: 'Ada Reader' });
      await found.waitFor();
      assert.equal(await page.locator('table.subject-list tbody tr').count(), 1);
      await page.screenshot({ path: `${screenshots}mediawiki-${layoutName()}-special-subjects${suffix}.png`, fullPage: true });
      await found.click();
      await page.locator(`section.subject[data-subject-id="${id}"]`).waitFor();
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
});
