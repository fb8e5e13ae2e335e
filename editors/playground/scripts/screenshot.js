// Takes docs/playground.png: the playground with the broken example, its
// problems listed and the documentation of a key in a hover tooltip.
// `npm run screenshot` (after `npm run build`); an argument names another file.

import { fileURLToPath } from 'node:url';
import { serve } from './serve.js';
import { launch } from './chromium.js';

const out = process.argv[2] ?? fileURLToPath(new URL('../../../docs/playground.png', import.meta.url));
const { server, url } = await serve();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForFunction(() => window.mdscheckPlayground?.timings.length > 0 && !window.mdscheckPlayground.checking);
  // Hover the value of maintenanceWindowDow (line 18): its finding, its
  // quick fix and the member's documentation.
  const at = await page.evaluate(() => {
    const { view } = window.mdscheckPlayground;
    const line = view.state.doc.line(18);
    const c = view.coordsAtPos(line.from + 25);
    return { x: c.left + 2, y: (c.top + c.bottom) / 2 };
  });
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector('.cm-tooltip-hover .md-doc');
  await page.waitForSelector('.cm-tooltip-hover .cm-diagnostic');
  await page.screenshot({ path: out });
  console.log(`screenshot: ${out}`);
} finally {
  await browser.close();
  server.close();
}
