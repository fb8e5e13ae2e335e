// `npm run package:all`: a .vsix for each platform, with the program
// cross-compiled for it, and one for the web. In each, what VS Code and
// the Marketplace read: the target in the manifest, the one program (the
// executable format and processor of its platform, executable where that
// matters), the licence, the icon, the changelog and the manifest's
// licence, icon and repository. The program for this machine, taken out
// of its .vsix, runs; the web package's minified worker answers LSP.
//
// The programs are built once, in before(); with Go's build cache warm
// this takes seconds, from cold a few minutes. `npm test` builds two of
// the five, this machine's and Windows' (the .exe without an execute
// bit), and the web package; MDSCHECK_PACKAGE_ALL=1 (make test-vsix-all)
// all five, and the others' tests say so when they are skipped.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import rpc from "vscode-jsonrpc/browser.js";
import { load } from "@mdscheck/wasm";
import { packageAll } from "../scripts/package-all.mjs";
import { WebWorker } from "./web-worker.mjs";
import { readZip } from "./zip.mjs";

const ext = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(ext, "..", "..");
const manifest = JSON.parse(readFileSync(join(ext, "package.json"), "utf8"));
const tmp = mkdtempSync(join(tmpdir(), "mdscheck-package-all-"));
const version = "v0.0.0-package-test";
const platforms = {
  "linux-x64": { format: "ELF", arch: "x86-64" },
  "linux-arm64": { format: "ELF", arch: "arm64" },
  "darwin-x64": { format: "Mach-O", arch: "x86-64" },
  "darwin-arm64": { format: "Mach-O", arch: "arm64" },
  "win32-x64": { format: "PE", arch: "x86-64" },
};
/** Every package holds these, and the platform packages one program more. */
const common = [
  "extension.vsixmanifest",
  "[Content_Types].xml",
  "extension/package.json",
  "extension/readme.md",
  "extension/changelog.md",
  "extension/LICENSE.txt",
  "extension/THIRD-PARTY-NOTICES",
  "extension/images/icon.png",
  "extension/dist/extension.js",
  "extension/dist/web/extension.js",
  "extension/dist/web/server.js",
  "extension/dist/web/mdscheck.wasm",
];
const packages = {};
const host = `${process.platform}-${process.arch}`;
const all = process.env.MDSCHECK_PACKAGE_ALL === "1";
const built = all ? Object.keys(platforms) : [...new Set([platforms[host] ? host : "linux-x64", "win32-x64"])];
const notBuilt = (target) => !built.includes(target) && `${target} is cross-compiled only with MDSCHECK_PACKAGE_ALL=1: make test-vsix-all`;

before(async () => {
  const saved = process.env.VERSION;
  process.env.VERSION = version;
  try {
    const written = await packageAll({ outDir: join(tmp, "vsix"), only: [...built, "web"] });
    for (const [target, file] of Object.entries(written)) {
      packages[target] = readZip(readFileSync(file));
    }
  } finally {
    if (saved === undefined) delete process.env.VERSION;
    else process.env.VERSION = saved;
  }
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The executable format and processor of a program, from its header. */
function executable(buf) {
  if (buf.readUInt32BE(0) === 0x7f454c46) {
    return { format: "ELF", arch: { 62: "x86-64", 183: "arm64" }[buf.readUInt16LE(18)] };
  }
  if (buf.readUInt32LE(0) === 0xfeedfacf) {
    return { format: "Mach-O", arch: { 0x01000007: "x86-64", 0x0100000c: "arm64" }[buf.readUInt32LE(4)] };
  }
  if (buf.toString("latin1", 0, 2) === "MZ") {
    const pe = buf.readUInt32LE(0x3c);
    if (buf.toString("latin1", pe, pe + 4) === "PE\0\0") {
      return { format: "PE", arch: { 0x8664: "x86-64", 0xaa64: "arm64" }[buf.readUInt16LE(pe + 4)] };
    }
  }
  return { format: "unknown" };
}

const text = (entries, name) => entries.get(name).data().toString("utf8");

test("one package per platform built and one for the web, and no other", () => {
  assert.deepEqual(Object.keys(packages).sort(), [...built, "web"].sort());
});

for (const [target, want] of Object.entries(platforms)) {
  test(`${target}: its target, its program and nothing else`, { skip: notBuilt(target) }, () => {
    const entries = packages[target];
    const exe = target.startsWith("win32-") ? "mdscheck.exe" : "mdscheck";
    const program = `extension/bin/${target}/${exe}`;
    assert.deepEqual([...entries.keys()].sort(), [...common, program].sort());
    assert.match(text(entries, "extension.vsixmanifest"), new RegExp(`<Identity [^>]*TargetPlatform="${target}"`));
    const entry = entries.get(program);
    assert.deepEqual(executable(entry.data()), want, `${program} is a program for ${target}`);
    // Windows has no execute bit; on the others VS Code unpacks the mode
    // the .vsix records, and a program without it cannot start.
    if (!target.startsWith("win32-")) {
      assert.equal(entry.mode & 0o111, 0o111, `mode ${entry.mode.toString(8)} lets everyone run it`);
    }
  });
}

test("web: its target and no program", () => {
  const entries = packages.web;
  assert.deepEqual([...entries.keys()].sort(), [...common].sort());
  assert.match(text(entries, "extension.vsixmanifest"), /<Identity [^>]*TargetPlatform="web"/);
});

test("every package: the licence, the icon, the changelog and the manifest that names them", () => {
  const license = readFileSync(join(repo, "LICENSE"), "utf8");
  const changelog = readFileSync(join(ext, "CHANGELOG.md"), "utf8");
  for (const [target, entries] of Object.entries(packages)) {
    assert.equal(text(entries, "extension/LICENSE.txt"), license, `${target}: the repository's LICENSE`);
    assert.match(license, /Apache License\s+Version 2\.0/);
    assert.equal(text(entries, "extension/changelog.md"), changelog, `${target}: CHANGELOG.md`);
    // The licences of what the bundles and the module hold, and of the
    // program's modules where there is a program.
    const notices = text(entries, "extension/THIRD-PARTY-NOTICES");
    for (const name of ["Go \\(its runtime and standard library\\) go[\\d.]+", "vscode-languageclient [\\d.]+", "github\\.com/goccy/go-yaml v[\\d.]+"]) {
      // A package's licence file is LICENSE, License.txt or the like.
      assert.match(notices, new RegExp(`\\n${name}\\n=+\\n\\n--- (LICEN|Licen|licen)`), `${target}: the notice of ${name}`);
    }
    assert.equal(/\ngithub\.com\/spf13\/cobra v/.test(notices), target !== "web", `${target}: the program's modules`);
    const icon = entries.get("extension/images/icon.png").data();
    assert.equal(icon.toString("latin1", 1, 4), "PNG", `${target}: the icon is a PNG`);
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128], `${target}: 128x128, as the Marketplace wants`);
    const m = JSON.parse(text(entries, "extension/package.json"));
    assert.equal(m.license, "Apache-2.0");
    assert.equal(m.icon, "images/icon.png");
    assert.equal(m.repository.url, "https://github.com/mdscheck/mdscheck.git");
    assert.equal(m.browser, "./dist/web/extension.js");
    assert.equal(m.version, manifest.version);
    const vsixmanifest = text(entries, "extension.vsixmanifest");
    assert.match(vsixmanifest, /<License>extension\/LICENSE\.txt<\/License>/);
    assert.match(vsixmanifest, /<Icon>extension\/images\/icon\.png<\/Icon>/);
    assert.match(vsixmanifest, /Content\.Changelog" Path="extension\/changelog\.md"/);
    assert.match(vsixmanifest, /Links\.Source" Value="https:\/\/github\.com\/mdscheck\/mdscheck\.git"/);
  }
  assert.match(changelog, new RegExp(`^## ${manifest.version.replace(/\./g, "\\.")}$`, "m"), "the changelog names this version");
});

test(`the program for this machine (${host}), taken out of its package, runs and has the version stamped`, { skip: !platforms[host] && `no package for ${host}` }, () => {
  const exe = process.platform === "win32" ? "mdscheck.exe" : "mdscheck";
  const program = join(tmp, "run", exe);
  mkdirSync(dirname(program), { recursive: true });
  writeFileSync(program, packages[host].get(`extension/bin/${host}/${exe}`).data());
  chmodSync(program, 0o755);
  assert.match(execFileSync(program, ["version"]).toString(), new RegExp(version));
});

test("the web package's minified worker answers initialize and reports the module's findings", async (t) => {
  const dir = join(tmp, "web");
  mkdirSync(dir, { recursive: true });
  for (const f of ["server.js", "mdscheck.wasm"]) {
    writeFileSync(join(dir, f), packages.web.get(`extension/dist/web/${f}`).data());
  }
  const worker = new WebWorker(pathToFileURL(join(dir, "server.js")).href);
  const wasm = new Uint8Array(readFileSync(join(dir, "mdscheck.wasm")));
  worker.postMessage({ mdscheckWasm: wasm });
  const conn = rpc.createMessageConnection(new rpc.BrowserMessageReader(worker), new rpc.BrowserMessageWriter(worker));
  const published = new Promise((resolve) => conn.onNotification("textDocument/publishDiagnostics", resolve));
  conn.listen();
  t.after(async () => {
    conn.dispose();
    await worker.terminate();
  });
  let timer;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in 20 s: ${worker.errors.join("; ")}`)), 20000)));
  const within = (p) => Promise.race([p, late]);
  t.after(() => clearTimeout(timer));

  const init = await within(conn.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} }));
  assert.equal(init.capabilities.hoverProvider, true);
  await conn.sendNotification("initialized", {});
  const broken = readFileSync(join(repo, "examples", "broken.yaml"), "utf8");
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri: "untitled:broken.yaml", languageId: "yaml", version: 1, text: broken } });
  const { diagnostics } = await within(published);
  const m = await load(wasm);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line]),
    m.validate(broken).diagnostics.map((d) => [d.rule, d.range.start.line]),
  );
});
