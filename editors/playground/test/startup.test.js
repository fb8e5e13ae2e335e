// A first visit to the playground as a static host serves it (the folder of
// `make playground-dist`, brotli twins, scripts/serve.js), in headless
// Chromium with an empty cache: what the visit costs in bytes, and where
// the time to the first diagnostics goes. The bytes are held to the budget
// of docs/performance.md; the times are logged, never asserted (the
// machine is shared), and `npm run bench:load` gives their medians.
//
// Each visit of the page alternates with one of the module alone (boot.js
// without the editor, scripts/timeline.js's MODULE_ONLY): the floor of the
// first diagnostics, what fetching, compiling and starting the module and
// its first check cost, in the same minutes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDist } from '../scripts/dist.js';
import { serve } from '../scripts/serve.js';
import { launch } from '../scripts/chromium.js';
import { MODULE_ONLY, STEPS, firstDiagnostics, readTimeline } from '../scripts/timeline.js';

// Everything a first visit transfers, headers included.
const BYTES_BUDGET = 1_200_000;
const VISITS = 3;

let dir;
let server;
let url;
let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mdscheck-startup-'));
  // Brotli's quality 5, as in dist.test.js: quality 11 (make
  // playground-dist) takes a twentieth longer to write and sends 4% less.
  await buildDist({ out: dir, brotliQuality: 5 });
  for (const [name, text] of Object.entries(MODULE_ONLY)) writeFileSync(join(dir, name), text);
  ({ server, url } = await serve({ dir, encodings: ['br'] }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : undefined;
};
const ms = (x) => (x === undefined ? '-' : `${x.toFixed(0)}`);

test('a first visit shows diagnostics within the byte budget, and says where its time went', async (t) => {
  let sockets = [];
  server.on('connection', (s) => sockets.push(s));
  const seen = { page: [], module: [] };
  // The browser's first page pays for starting its own processes: several
  // visits, each in a new context (an empty cache).
  for (let visit = 1; visit <= VISITS; visit++) {
    for (const [kind, path] of [['page', ''], ['module', 'module-only.html']]) {
      server.closeAllConnections();
      sockets = [];
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url + path);
      await firstDiagnostics(page);
      const times = await readTimeline(page);
      const bytes = sockets.reduce((n, s) => n + s.bytesWritten, 0);
      await context.close();

      assert.deepEqual(errors, []);
      assert.ok(times.firstDiagnostics > 0, `${kind}: the first diagnostics are on screen`);
      if (kind === 'page') {
        assert.ok(bytes <= BYTES_BUDGET, `a first visit transferred ${bytes} bytes; the budget is ${BYTES_BUDGET}`);
      }
      seen[kind].push(times);
      t.diagnostic(`${kind === 'page' ? 'page       ' : 'module only'} visit ${visit}: ${bytes} bytes; ms since navigation: ` +
        STEPS.filter(([step]) => times[step] !== undefined).map(([step]) => `${step} ${ms(times[step])}`).join(', '));
    }
  }
  // The medians, one step a line, with the module alone beside the page.
  t.diagnostic(`median of ${VISITS} first visits, ms since navigation (page | module alone), budget 250 ms for the first diagnostics:`);
  for (const [step, what] of STEPS) {
    const page = median(seen.page.map((x) => x[step]));
    const alone = median(seen.module.map((x) => x[step]));
    if (page === undefined && alone === undefined) continue;
    t.diagnostic(`  ${what.padEnd(42)} ${ms(page).padStart(5)} | ${ms(alone).padStart(5)}`);
  }
});
