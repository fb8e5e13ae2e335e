// A first visit to the playground as a static host serves it (the folder of
// `make playground-dist`, brotli twins, scripts/serve.js), in headless
// Chromium with an empty cache: what the visit costs in bytes, and where
// the time to the first diagnostics goes. The bytes are held to the budget
// of docs/performance.md; the times are logged, never asserted (the
// machine is shared), and `npm run bench:load` gives their medians.
//
// Each visit of the page alternates with one of the module alone (boot.js
// without the editor, scripts/timeline.js's MODULE_ONLY) and one of the
// editor alone (the page with its worker's script refused): the two floors
// of the first diagnostics, in the same minutes. The module's is what
// fetching, compiling and starting it and its first check cost; the
// editor's is when the page has an editor to show an answer in.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDist } from '../scripts/dist.js';
import { serve } from '../scripts/serve.js';
import { launch } from '../scripts/chromium.js';
import { MODULE_ONLY, STEPS, firstDiagnostics, readTimeline } from '../scripts/timeline.js';

// Everything a first visit transfers, headers included: 1.2 MiB, the
// module's own budget (docs/performance.md), which the page and the
// editor share with it.
const BYTES_BUDGET = 1.2 * 1024 * 1024;
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
  const seen = { page: [], module: [], editor: [] };
  const label = { page: 'page       ', module: 'module only', editor: 'editor only' };
  // The browser's first page pays for starting its own processes: several
  // visits, each in a new context (an empty cache).
  for (let visit = 1; visit <= VISITS; visit++) {
    for (const [kind, path] of [['page', ''], ['module', 'module-only.html'], ['editor', '']]) {
      server.closeAllConnections();
      sockets = [];
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      if (kind === 'editor') await page.route('**/worker.js', (route) => route.abort());
      await page.goto(url + path);
      if (kind === 'editor') {
        // No worker, no module: the page says so once the editor is up.
        await page.waitForFunction(() => document.querySelector('#status.error'));
        assert.match(await page.textContent('#status'), /^The checker could not be loaded/);
        // And the summary no longer says a check is coming.
        await page.waitForFunction(() => document.getElementById('summary').textContent === 'Not checked');
      } else {
        await firstDiagnostics(page);
      }
      const times = await readTimeline(page);
      const bytes = sockets.reduce((n, s) => n + s.bytesWritten, 0);
      await context.close();

      assert.deepEqual(errors, []);
      if (kind === 'editor') {
        assert.ok(times.editor > 0, 'editor only: the editor is built');
      } else {
        assert.ok(times.firstDiagnostics > 0, `${kind}: the first diagnostics are on screen`);
      }
      if (kind === 'page') {
        assert.ok(bytes <= BYTES_BUDGET, `a first visit transferred ${bytes} bytes; the budget is ${BYTES_BUDGET}`);
      }
      seen[kind].push(times);
      t.diagnostic(`${label[kind]} visit ${visit}: ${bytes} bytes; ms since navigation: ` +
        STEPS.filter(([step]) => times[step] !== undefined).map(([step]) => `${step} ${ms(times[step])}`).join(', '));
    }
  }
  // The medians, one step a line, with the module alone and the editor
  // alone beside the page.
  t.diagnostic(`median of ${VISITS} first visits, ms since navigation (page | module alone | editor alone), budget 250 ms for the first diagnostics:`);
  for (const [step, what] of STEPS) {
    const [page, module, editor] = ['page', 'module', 'editor'].map((kind) => median(seen[kind].map((x) => x[step])));
    if (page === undefined && module === undefined && editor === undefined) continue;
    t.diagnostic(`  ${what.padEnd(42)} ${ms(page).padStart(5)} | ${ms(module).padStart(5)} | ${ms(editor).padStart(5)}`);
  }
});
