// Measures a first visit to the playground for static hosts (the folder of
// `make playground-dist`) in headless Chromium: the bytes the server sends
// and the time from the start of the navigation to the first diagnostics
// on screen (the page's mark mdscheck:first-diagnostics), with the brotli
// twins, the gzip twins and no compression, on localhost and on an
// emulated network. Every visit is in a new browser context: an empty
// cache, as for a person who never came before.
//
//   make playground-dist
//   npm run bench:load --workspace editors/playground [-- DIR] [--runs N]
//
// DIR defaults to dist/playground of the repository.

import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { serve } from './serve.js';
import { launch } from './chromium.js';
import { defaultOut } from './dist.js';

const args = process.argv.slice(2);
const i = args.indexOf('--runs');
const runs = i >= 0 ? Number(args.splice(i, 2)[1]) : 5;
const dir = args[0] ?? defaultOut;
if (!existsSync(`${dir}/mdscheck.wasm.br`)) {
  console.error(`first-load: ${dir} has no compressed twins; run \`make playground-dist\` first`);
  process.exit(2);
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await launch();
try {
  console.log(`Chromium ${browser.version()}, ${dir}, median of ${runs} first visits, load average ${loadavg()[0].toFixed(1)}`);
  for (const network of networks) {
    for (const encodings of variants) {
      const { server, url } = await serve({ dir, encodings });
      // Bytes the server wrote, headers included, on the sockets of a visit.
      let sockets = [];
      server.on('connection', (s) => sockets.push(s));
      const bytes = [];
      const times = [];
      for (let run = 0; run < runs; run++) {
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
        await page.waitForFunction(() => performance.getEntriesByName('mdscheck:first-diagnostics').length > 0, undefined, { timeout: 120_000 });
        times.push(await page.evaluate(() => performance.getEntriesByName('mdscheck:first-diagnostics')[0].startTime));
        bytes.push(sockets.reduce((n, s) => n + s.bytesWritten, 0));
        await context.close();
      }
      server.close();
      const label = `${network.name}, ${encodings[0] ?? 'uncompressed'}`;
      console.log(`${label.padEnd(28)} ${(median(bytes) / 1000).toFixed(0).padStart(6)} kB   first diagnostics ${median(times).toFixed(0).padStart(5)} ms (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)})`);
    }
  }
} finally {
  await browser.close();
}
