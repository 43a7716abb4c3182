// Debian's Chromium driven by playwright-core. The flags keep it off the network: this machine has
// none but loopback, and background services would otherwise retry connections endlessly.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
