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
    assert.deepEqual(pageErrors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});
