// An editor's browser validates before saving: the slim browser build of the core runs in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test-support/chromium.js';
import { serveStatic } from '../test-support/static-server.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

test('the browser page validates a Subject with the wasm core and shows the violations', async () => {
  const site = await serveStatic(repoRoot);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e));
    const modules = [];
    page.on('request', (r) => { if (r.url().endsWith('.wasm')) modules.push(new URL(r.url()).pathname); });
    await page.goto(`${site.url}/host-shim/browser/validate.html`);
    await page.getByText('Ready').waitFor();
    assert.deepEqual(modules, ['/pkg/web-slim/strata_bg.wasm']);
    await page.click('#validate');
    await page.locator('#violations li').first().waitFor();
    const shown = await page.$$eval('#violations li', (items) => items.map((li) => [li.dataset.code, li.className]));
    assert.deepEqual(shown, [
      ['required', 'violation error'],
      ['invalid-date', 'violation error'],
      ['invalid-url', 'violation error'],
    ]);
    await mkdir(`${repoRoot}var/screenshots`, { recursive: true });
    await page.screenshot({ path: `${repoRoot}var/screenshots/browser-validate.png`, fullPage: true });
    await page.fill('#subject', '{"schema": "Person", "statements": {"Born": {"propertyType": "date", "value": 7}}}');
    await page.click('#validate');
    await page.getByText('value-shape-mismatch').waitFor();
    assert.match(await page.textContent('#status'), /^value-shape-mismatch: Property "Born": /);
    // The slim module's BatchValidator takes JS objects into wasm encoded by its JavaScript snippet:
    // every tricky case answers as the JSON text of the same objects does, here in Chromium too.
    const differences = await page.evaluate(async () => {
      const slim = await import('/pkg/web-slim/strata.js');
      const { bothWays, cases, getterReads, schemas } = await import('/host-shim/test-support/objects-in-cases.js');
      const batch = new slim.BatchValidator(schemas);
      const differ = cases.filter((c) => {
        const { objects, text } = bothWays(batch, c);
        return JSON.stringify(objects) !== JSON.stringify(text);
      });
      return [...differ.map((c) => c.name), getterReads(batch, false).reads, getterReads(batch, true).reads];
    });
    assert.deepEqual(differences, [1, 2], 'no case differs; a getter is read once when encoded, twice on the fall-back');
    assert.deepEqual(pageErrors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});
