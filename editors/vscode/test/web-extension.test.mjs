// The browser entry of the extension (dist/web/extension.js, `browser` in
// package.json) loaded against the mock vscode module, with Web Workers
// run in Node worker threads (test/web-worker.mjs): it reads the module
// with vscode.workspace.fs, starts the worker, and its LanguageClient gets
// an answer to initialize from the server in it, or says why not.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { fileUri, loadExtension } from "./vscode-mock.mjs";
import { WebWorker } from "./web-worker.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "dist", "web", "extension.js");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const empty = mkdtempSync(join(tmpdir(), "mdscheck-web-"));
after(async () => {
  rmSync(empty, { recursive: true, force: true });
  // A worker the extension failed to end would keep this process alive.
  await Promise.all(workers.map((w) => w.terminate()));
});

/** Every worker the extension starts, and when its thread ends. */
const workers = [];
globalThis.Worker = class extends WebWorker {
  constructor(url) {
    super(url);
    workers.push({ url, exited: new Promise((resolve) => this.thread.once("exit", resolve)), terminate: () => this.terminate() });
  }
};

test("package.json's browser entry is the bundle tested here", () => {
  assert.equal(join(root, manifest.browser), bundle);
});

test("in the browser: the worker's server answers, the status says so, deactivate ends the worker", async () => {
  const loaded = loadExtension({ bundle });
  await loaded.extension.activate({ extensionUri: fileUri(root), subscriptions: [] });
  assert.deepEqual(loaded.shown, [], "no error or warning shown");
  const [status] = loaded.statusItems;
  assert.equal(status.text, "mdscheck: in the browser", loaded.output().join("\n"));
  assert.equal(status.severity, 0);
  assert.deepEqual(loaded.output(), [`in the browser: using ${fileUri(join(root, "dist", "web", "mdscheck.wasm")).toString(true)} in a Web Worker`]);
  // The contributed commands, and the server's command that the client
  // registers from executeCommandProvider: Show Connection Secret Keys
  // runs it.
  const contributed = manifest.contributes.commands.map((c) => c.command);
  assert.deepEqual([...loaded.commands.keys()].sort(), [...contributed, "mdscheck.connectionSecret"].sort());
  assert.equal(workers.length, 1);
  assert.equal(workers[0].url, fileUri(join(root, "dist", "web", "server.js")).toString());
  // deactivate resolves once the server answered shutdown; then the worker ends.
  await loaded.extension.deactivate();
  let timer;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the worker still runs 5 s after deactivate")), 5000)));
  await Promise.race([workers[0].exited, late]).finally(() => clearTimeout(timer));
});

test("without the module in the extension: the status says it failed, the log says why, no worker", async () => {
  const before = workers.length;
  const loaded = loadExtension({ bundle });
  await loaded.extension.activate({ extensionUri: fileUri(empty), subscriptions: [] });
  const [status] = loaded.statusItems;
  assert.equal(status.text, "mdscheck: failed");
  assert.equal(status.severity, 2);
  assert.match(loaded.output().join("\n"), /did not start: .*mdscheck\.wasm/);
  assert.equal(workers.length, before, "no worker started");
  await loaded.extension.deactivate();
});
