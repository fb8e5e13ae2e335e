// Measures the playground in headless Chromium: the time from a keystroke
// to its diagnostics on screen, on a manifest of about 300 lines.
//
//   npm run bench --workspace editors/playground [-- FILE] [--runs N] [--warm N]
//
// FILE defaults to $MDSCHECK_CORPUS/medium/kafka-medium.yaml, else
// /tmp/mdscheck-corpus/medium/kafka-medium.yaml (make it with
// `go run ../shared/tools/gencorpus/main.go -out /tmp/mdscheck-corpus`).
// The page records performance.now() at the key event, around the worker
// round trip and after the diagnostics are in the DOM; this script types
// a character and removes it again, waiting for each check, and prints
// the median and the 90th percentile of every step.

import { existsSync, readFileSync } from 'node:fs';
import { serve } from './serve.js';
import { launch } from './chromium.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args.splice(i, 2)[1]) : fallback;
};
const runs = option('--runs', 60);
// Keystrokes before measuring: the engine compiles hot code again with
// its optimising tier in the background, during the first calls.
const WARM = option('--warm', 10);
const file = args[0] ?? `${process.env.MDSCHECK_CORPUS || '/tmp/mdscheck-corpus'}/medium/kafka-medium.yaml`;
if (!existsSync(file)) {
  console.error(`bench: ${file} is missing; generate it with go run ../shared/tools/gencorpus/main.go -out /tmp/mdscheck-corpus`);
  process.exit(2);
}
const manifest = readFileSync(file, 'utf8');

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const { server, url } = await serve();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.waitForFunction(() => window.mdscheckPlayground?.timings.length > 0 && !window.mdscheckPlayground.checking);
  const ready = await page.evaluate(() => window.mdscheckPlayground.ready);
  // The worker's first call is the check of the example (boot.js).
  const firstCheck = await page.evaluate(() => window.mdscheckPlayground.timings[0].module);

  const settle = (n) => page.waitForFunction((k) => {
    const pg = window.mdscheckPlayground;
    return pg.timings.length > k && !pg.checking;
  }, n);
  const count = () => page.evaluate(() => window.mdscheckPlayground.timings.length);

  let n = await count();
  await page.evaluate((text) => window.mdscheckPlayground.setText(text), manifest);
  await settle(n);
  const lines = await page.evaluate(() => window.mdscheckPlayground.view.state.doc.lines);
  const findings = await page.evaluate(() => window.mdscheckPlayground.lastResult.diagnostics.length);

  // Type right after the key `project`: "projectx" is an unknown field and
  // project goes missing, so every keystroke changes the findings.
  const target = await page.evaluate(() => {
    const { view } = window.mdscheckPlayground;
    const doc = view.state.doc;
    for (let i = 1; i <= doc.lines; i++) {
      const line = doc.line(i);
      const m = /^( +)(project):/.exec(line.text);
      if (m) return line.from + m[1].length + m[2].length;
    }
    return doc.line(1).to;
  });
  await page.evaluate((pos) => {
    const { view } = window.mdscheckPlayground;
    view.focus();
    view.dispatch({ selection: { anchor: pos } });
  }, target);

  const samples = [];
  for (let i = 0; i < runs + WARM; i++) {
    n = await count();
    if (i % 2 === 0) await page.keyboard.type('x');
    else await page.keyboard.press('Backspace');
    await settle(n);
    // Let the next frame paint, so typeToPainted is filled in.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const t = await page.evaluate(() => window.mdscheckPlayground.timings.at(-1));
    if (i >= WARM) samples.push(t); // the first keystrokes warm the engine's tiers up
  }
  const errs = await page.evaluate(() => window.mdscheckPlayground.lastResult.diagnostics.length);
  if (errs !== findings) throw new Error(`the text did not come back to its start: ${errs} findings, ${findings} before`);

  // The module alone: calls in a row in a second worker of the page, with
  // no typing, rendering or main thread competing for the two cores.
  const alone = await page.evaluate(async (text) => {
    const w = new Worker('/worker.js', { type: 'module' });
    await new Promise((resolve) => (w.onmessage = (e) => e.data.ready && resolve()));
    const call = (id) => new Promise((resolve) => {
      w.onmessage = (e) => e.data.id === id && resolve(e.data.ms);
      w.postMessage({ id, op: 'validate', text });
    });
    const xs = [];
    for (let i = 1; i <= 150; i++) xs.push(await call(i));
    w.terminate();
    return xs.slice(50);
  }, manifest);

  const version = browser.version();
  console.log(`Chromium ${version}, ${lines} lines (${file}), ${samples.length} keystrokes after ${WARM}`);
  console.log(`module load and first check: ${ready.loadMs.toFixed(0)} ms + ${firstCheck.toFixed(0)} ms`);
  const rows = [
    ['keystroke to the request', 'typeToSent'],
    ['module call in the worker', 'module'],
    ['worker round trip', 'roundTrip'],
    ['keystroke to diagnostics in the DOM', 'typeToShown'],
    ['keystroke to the next painted frame', 'typeToPainted'],
  ];
  const print = (label, xs) =>
    console.log(`${label.padEnd(40)} median ${quantile(xs, 0.5).toFixed(1).padStart(5)} ms   p90 ${quantile(xs, 0.9).toFixed(1).padStart(5)} ms   max ${Math.max(...xs).toFixed(1).padStart(5)} ms`);
  print('module alone, 100 calls in a row', alone);
  for (const [label, key] of rows) {
    print(label, samples.map((s) => s[key]).filter((x) => typeof x === 'number'));
  }
} finally {
  await browser.close();
  server.close();
}
