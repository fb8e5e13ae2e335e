// The folder of `make playground-dist` (scripts/dist.js) as a static host
// serves it: put at /some/sub/dir/ of a site, served by a static server
// that knows only files (scripts/serve.js: each file as it is, or its .br
// or .gz twin when the browser accepts that coding), and opened in
// headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildDist } from '../scripts/dist.js';
import { serve } from '../scripts/serve.js';
import { launch } from '../scripts/chromium.js';

const SUB = 'some/sub/dir/';
let site;
let out;
let server;
let base;
let browser;

before(async () => {
  site = mkdtempSync(join(tmpdir(), 'mdscheck-site-'));
  out = join(site, SUB);
  // Brotli's quality 5 compresses the module in a twentieth of the time
  // of 11 (make playground-dist's); where the files go and how they are
  // served is the same.
  await buildDist({ out, brotliQuality: 5 });
  ({ server, url: base } = await serve({ dir: site }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('every file of the folder has a .br and a .gz twin with the same content', () => {
  const files = readdirSync(out).filter((f) => !/\.(br|gz)$/.test(f)).sort();
  assert.deepEqual(files, ['THIRD-PARTY-NOTICES', 'boot.js', 'index.html', 'main.js', 'mdscheck.wasm', 'style.css', 'worker.js'], 'no source maps');
  for (const f of files) {
    const plain = readFileSync(join(out, f));
    assert.ok(brotliDecompressSync(readFileSync(join(out, `${f}.br`))).equals(plain), `${f}.br`);
    assert.ok(gunzipSync(readFileSync(join(out, `${f}.gz`))).equals(plain), `${f}.gz`);
  }
});

test('the folder works from a sub-path of a static server: compressed, the module compiled as it streams in', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A script the page's CSP refuses is a console error, not a page error.
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const responses = [];
  page.on('response', (r) => responses.push(r));
  // V8 traces how it compiles WebAssembly: streaming compilation starts as
  // the first bytes arrive, where compiling from bytes waits for all.
  await browser.startTracing(page, { categories: ['v8.wasm'] });
  await page.goto(base + SUB);
  // The first diagnostics, or the page saying that the checker failed.
  await page.waitForFunction(() => (window.mdscheckPlayground?.timings.length > 0 && !window.mdscheckPlayground.checking) ||
    document.querySelector('#status.error'));
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;

  assert.match(await page.textContent('#status'), /^Checker ready in \d+ ms$/);
  assert.match(await page.textContent('#summary'), /^\d+ errors, \d+ warnings? in 4 checked documents$/);
  assert.ok((await page.locator('#problems .problem').count()) > 10);
  assert.deepEqual(errors, []);
  // index.html's inline script ran under its CSP and started the worker.
  assert.equal(await page.evaluate(() => performance.getEntriesByName('mdscheck:start').length), 1);

  const fetched = responses.map((r) => new URL(r.url()).pathname).sort();
  assert.deepEqual(fetched, ['', 'boot.js', 'main.js', 'mdscheck.wasm', 'style.css', 'worker.js'].map((f) => `/${SUB}${f}`));
  for (const r of responses) {
    const name = new URL(r.url()).pathname.slice(SUB.length + 1) || 'index.html';
    const h = await r.allHeaders();
    assert.equal(r.status(), 200, name);
    // What went over the wire is the brotli twin, and caches are told that
    // the answer depends on Accept-Encoding.
    assert.equal(h['content-encoding'], 'br', name);
    assert.equal(Number(h['content-length']), statSync(join(out, `${name}.br`)).size, name);
    assert.equal(h.vary, 'Accept-Encoding', name);
  }
  const wasm = responses.find((r) => r.url().endsWith('/mdscheck.wasm'));
  assert.equal(await wasm.headerValue('content-type'), 'application/wasm');
  assert.ok(trace.some((e) => e.name === 'wasm.StartStreamingCompilation'), 'the module is compiled while it downloads');
  await page.close();
});

test('THIRD-PARTY-NOTICES holds the licence of each package whose code is in the bundles, and of Go', () => {
  const notices = readFileSync(join(out, 'THIRD-PARTY-NOTICES'), 'utf8');
  // The packages esbuild put in main.js and worker.js, as their own
  // names in the bundles' code are not kept: what the page imports.
  for (const name of ['@codemirror/view', '@codemirror/state', '@codemirror/lang-yaml', '@lezer/yaml', '@lezer/lr', 'codemirror',
    'style-mod', 'w3c-keyname', 'crelt', '@bjorn3/browser_wasi_shim', 'github.com/goccy/go-yaml', 'Go (its runtime and standard library)']) {
    const escaped = name.replace(/[.()/]/g, '\\$&');
    assert.match(notices, new RegExp(`\\n${escaped} v?[\\w.]+\\n=+\\n\\n--- (LICEN[CS]E|COPYING)`), `the notice of ${name}`);
  }
  assert.doesNotMatch(notices, /@mdscheck\//, 'our own packages are under LICENSE');
});
