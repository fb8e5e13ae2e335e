// How long the extension takes to be ready, measured against the mock
// vscode module of the tests (VS Code itself cannot run here):
//   load     require() of dist/extension.js
//   activate activate() until the server answered initialize
//   stop     deactivate() until the server answered shutdown
// Usage: node scripts/bench.mjs [path/to/mdscheck] (default ../../bin/mdscheck;
// `make build` first). Prints the median and the range of 15 runs.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadExtension } from "../test/vscode-mock.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const program = resolve(process.argv[2] || join(root, "..", "..", "bin", "mdscheck"));
const runs = 15;
const times = { load: [], activate: [], stop: [] };
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const loaded = loadExtension({ config: { "server.path": program } });
  times.load.push(performance.now() - t);
  t = performance.now();
  await loaded.extension.activate({ extensionPath: root, subscriptions: [] });
  times.activate.push(performance.now() - t);
  if (loaded.shown.length > 0) {
    console.error(JSON.stringify(loaded.shown));
    process.exit(1);
  }
  t = performance.now();
  await loaded.extension.deactivate();
  times.stop.push(performance.now() - t);
}
for (const [name, list] of Object.entries(times)) {
  list.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1);
  console.log(`${name.padEnd(9)} median ${f(list[runs >> 1])} ms  (min ${f(list[0])}, max ${f(list[runs - 1])}, ${runs} runs)`);
}
