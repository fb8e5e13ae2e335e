// The web build of the extension (`browser` in package.json: the
// WebAssembly module in a Web Worker) in real VS Code for the web: the
// .vsix for vscode.dev (`make vsix-all`'s target web), installed as a web
// extension into the browser side of code-server 4.139.1's workbench (VS
// Code 1.139.1), where VS Code runs it in its web worker extension host,
// as vscode.dev does; driven by headless Chromium through the steps of a
// user (steps.mjs). Screenshots go to test-results/web-*.png.
//
// VS Code for the web installs a web extension from an HTTP location, as
// the Marketplace serves one to vscode.dev: the test serves the unpacked
// .vsix on a port of its own and names it through code-server's port
// proxy, because the workbench's Content Security Policy lets it fetch
// from its own origin only.
import assert from "node:assert/strict";
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, sep } from "node:path";
import { after, before, test } from "node:test";
import { packageAll } from "../../scripts/package-all.mjs";
import { readZip } from "../zip.mjs";
import { userSteps } from "./steps.mjs";
import { openWorkbench } from "./workbench.mjs";

let dir;
let files;
let session;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "mdscheck-web-vsix-"));
  const { web } = await packageAll({ outDir: dir, only: ["web"] });
  const root = join(dir, "unpacked");
  unpack(web, root);
  files = await serve(join(root, "extension"));
  session = await openWorkbench("web");
  const { wb, url } = session;
  await wb.command("Developer: Install Extension from Location...");
  await wb.page.waitForSelector(".quick-input-widget input[placeholder='Location of the web extension']", { state: "visible" });
  await wb.page.keyboard.type(`${url}/proxy/${files.port}`);
  await wb.page.keyboard.press("Enter");
});

after(async () => {
  await session?.close();
  files?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** unpack writes the files of the .vsix at path into dir. */
function unpack(path, dir) {
  for (const entry of readZip(readFileSync(path)).values()) {
    const to = join(dir, entry.name);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, entry.data());
  }
}

/** The types VS Code's web extension host checks the responses for. */
const types = { ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm", ".png": "image/png" };

/** serve answers GET for the files under root on a free port of 127.0.0.1. */
async function serve(root) {
  const server = createServer((req, res) => {
    let path = "";
    let found = false;
    try {
      path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://localhost").pathname)));
      found = path.startsWith(root + sep) && statSync(path).isFile();
    } catch {
      // no such file, or a path that does not decode: not found either way
    }
    if (req.method !== "GET" || !found) {
      res.writeHead(req.method === "GET" ? 404 : 405).end();
      return;
    }
    res.writeHead(200, { "Content-Type": types[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(res);
  });
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  return { port: server.address().port, close: () => server.close() };
}

// The web build's first line in its log names the module it runs.
userSteps(() => session?.wb, { started: "in the browser: using" });

test("the extension runs in the web worker extension host, as on vscode.dev", async () => {
  const { wb } = session;
  const name = "mdscheck: manifests of managed data services";
  await wb.command("Developer: Show Running Extensions");
  const list = wb.page.locator(".runtime-extensions-editor .monaco-list");
  await list.waitFor();
  // The list, latest activation first, shows the rows that fit: scroll
  // down a row or two at a time until ours is among them.
  const rows = await wb.until(
    "mdscheck among the running extensions",
    async () => {
      const rows = await wb.texts(".runtime-extensions-editor .monaco-list-row");
      if (!rows.some((r) => r.includes(name))) {
        await list.hover();
        await wb.page.mouse.wheel(0, 120);
      }
      return rows;
    },
    (rows) => rows.some((r) => r.includes(name)),
  );
  const ours = rows.filter((r) => r.includes(name));
  assert.equal(ours.length, 1, rows.join("\n"));
  assert.match(ours[0], /\| web worker \|/);
  await wb.screenshot("running");
});
