// Headless Chromium from Debian (/usr/bin/chromium) driven by playwright-core;
// no browser is ever downloaded.

import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Launches headless Chromium. jsFlags: V8 flags for its pages
 * (--js-flags), for measurements of what the engine's own choices cost;
 * a page cannot set them, so the budgets are held without.
 */
export async function launch({ jsFlags } = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...(jsFlags ? [`--js-flags=${jsFlags}`] : []),
    ],
  });
}
