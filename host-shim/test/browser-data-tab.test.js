// A reader opens a page's Data tab in Chromium, copies a Subject's IRI, and exports the Subject as
// Turtle in the native projection through the Export menu; what the browser gets is parsed back with Oxigraph.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { launchChromium } from '../test-support/chromium.js';
import { COMPANY, COMPANY_TRIPLES, expected, quadSet, startRdfWiki } from '../test-support/rdf-wiki.js';

const screenshots = fileURLToPath(new URL('../../var/screenshots/', import.meta.url));

/** What clicking `button` delivers: a download's content, or the text of the page it opens. */
async function delivered(page, button) {
  // The one that does not happen never settles, and its timeout is not an unhandled rejection.
  const never = new Promise(() => {});
  const download = page.waitForEvent('download').then(async (d) => readFile(await d.path(), 'utf8'), () => never);
  const opened = page.waitForURL(/\/rdf\?/).then(() => page.evaluate(() => document.body.innerText), () => never);
  await button.click();
  return Promise.race([download, opened]);
}

test('the Data tab exports a Subject as Turtle in the native projection', async () => {
  const wiki = await startRdfWiki();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: wiki.site.url });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e));
    await page.goto(`${wiki.site.url}/wiki/ACME`);
    await page.getByRole('link', { name: 'Data' }).click();
    const row = page.locator(`tr#${COMPANY}`);
    await row.waitFor();
    assert.equal(await row.locator('code.iri').textContent(), `http://wiki.test/entity/${COMPANY}`);
    await row.getByRole('button', { name: 'Copy' }).click();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `http://wiki.test/entity/${COMPANY}`);
    await row.getByText('Export', { exact: true }).click();
    await row.locator('details.export-rdf[data-format="turtle"] > summary').click();
    const form = row.locator('details.export-rdf[data-format="turtle"] form');
    assert.deepEqual(await form.locator('select[name="projection"] option').allTextContents(), ['native', 'schemaorg']);
    await form.locator('select[name="projection"]').selectOption('native');
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: `${screenshots}data-tab.png`, fullPage: true });
    const text = await delivered(page, form.getByRole('button', { name: 'Export Turtle' }));
    assert.deepEqual(quadSet(text, 'text/turtle'), expected(COMPANY_TRIPLES));
    await page.screenshot({ path: `${screenshots}data-tab-export.png`, fullPage: true });
    assert.deepEqual(pageErrors, []);
  } finally {
    await browser.close();
    await wiki.site.stop();
    wiki.site.remove();
  }
});
