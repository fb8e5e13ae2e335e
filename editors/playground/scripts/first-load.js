// Measures a first visit to the playground for static hosts (the folder of
// `make playground-dist`) in headless Chromium: the bytes the server sends
// and the time from the start of the navigation to the first diagnostics
// on screen (the page's mark mdscheck:first-diagnostics), with the brotli
// twins, the gzip twins and no compression, on localhost and on an
// emulated network. Every visit is in a new browser context: an empty
// cache, as for a person who never came before.
//
//   make playground-dist
//   npm run bench:load --workspace editors/playground [-- DIR...] [--runs N] [--localhost] [--js-flags FLAGS]
//
// DIR defaults to dist/playground of the repository. Given several (two
// builds to compare), their visits alternate, so that both see the same
// load of the machine. --localhost: only the brotli twins on localhost.
// --js-flags: V8 flags for the browser (what the engine's compilation
// choices cost, such as --wasm-tiering-budget=1000000000; no page can set
// them).
// After the table, where the time of those visits went (scripts/timeline.js),
// as medians.

import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { serve } from './serve.js';
import { launch } from './chromium.js';
import { defaultOut } from './dist.js';
import { STEPS, firstDiagnostics, readTimeline } from './timeline.js';

const args = process.argv.slice(2);
const i = args.indexOf('--runs');
const runs = i >= 0 ? Number(args.splice(i, 2)[1]) : 5;
const j = args.indexOf('--localhost');
const localhostOnly = j >= 0 && args.splice(j, 1).length > 0;
const k = args.indexOf('--js-flags');
const jsFlags = k >= 0 ? args.splice(k, 2)[1] : undefined;
if (k >= 0 && !jsFlags) {
  console.error('first-load: --js-flags needs the flags, as one argument: --js-flags "--flag1 --flag2"');
  process.exit(2);
}
const dirs = args.length ? args : [defaultOut];
for (const dir of dirs) {
  if (!existsSync(`${dir}/mdscheck.wasm.br`)) {
    console.error(`first-load: ${dir} has no compressed twins; run \`make playground-dist\` first`);
    process.exit(2);
  }
}

// DevTools' network emulation: it holds back every request of the page,
// its worker's too, to the given throughput and round trip.
const networks = [
  { name: 'localhost', conditions: null },
  {
    name: '9 Mbit/s, 60 ms',
    conditions: { offline: false, latency: 60, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 },
  },
];
const variants = [['br'], ['gzip'], []];

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : undefined;
};
const ms = (x) => (x === undefined ? '-' : x.toFixed(0));

const browser = await launch({ jsFlags });
// The timelines of the localhost brotli visits, per folder.
const timelines = dirs.map(() => []);
try {
  console.log(`Chromium ${browser.version()}${jsFlags ? ` (--js-flags=${jsFlags})` : ''}, median of ${runs} first visits, load average ${loadavg()[0].toFixed(1)}`);
  for (const network of localhostOnly ? networks.slice(0, 1) : networks) {
    for (const encodings of localhostOnly ? variants.slice(0, 1) : variants) {
      const servers = await Promise.all(dirs.map((dir) => serve({ dir, encodings })));
      // Bytes the server wrote, headers included, on the sockets of a visit.
      let sockets = [];
      for (const { server } of servers) server.on('connection', (s) => sockets.push(s));
      const bytes = dirs.map(() => []);
      const times = dirs.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [d, { server, url }] of servers.entries()) {
          server.closeAllConnections();
          sockets = [];
          const context = await browser.newContext();
          const page = await context.newPage();
          if (network.conditions) {
            const cdp = await context.newCDPSession(page);
            await cdp.send('Network.enable');
            await cdp.send('Network.emulateNetworkConditions', network.conditions);
          }
          await page.goto(url);
          await firstDiagnostics(page, 120_000);
          const timeline = await readTimeline(page);
          times[d].push(timeline.firstDiagnostics);
          bytes[d].push(sockets.reduce((n, s) => n + s.bytesWritten, 0));
          if (!network.conditions && encodings[0] === 'br') timelines[d].push(timeline);
          await context.close();
        }
      }
      for (const { server } of servers) server.close();
      for (const [d, dir] of dirs.entries()) {
        const label = `${network.name}, ${encodings[0] ?? 'uncompressed'}`;
        console.log(`${dirs.length > 1 ? `${dir}: ` : ''}${label.padEnd(28)} ${(median(bytes[d]) / 1000).toFixed(0).padStart(6)} kB   ` +
          `first diagnostics ${ms(median(times[d])).padStart(5)} ms (${ms(Math.min(...times[d]))}-${ms(Math.max(...times[d]))})`);
      }
    }
  }
  console.log('\nlocalhost, br: median ms since navigation' + (dirs.length > 1 ? ` (${dirs.join(' | ')})` : ''));
  for (const [step, what] of STEPS) {
    const cells = timelines.map((tl) => ms(median(tl.map((x) => x[step]))).padStart(5));
    if (cells.every((c) => c.trim() === '-')) continue;
    console.log(`  ${what.padEnd(42)} ${cells.join(' | ')}`);
  }
} finally {
  await browser.close();
}
