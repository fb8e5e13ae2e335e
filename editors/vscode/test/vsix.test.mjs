// `npm run package` makes a .vsix that VS Code can install: the bundle,
// the server program for this platform (executable), a valid manifest.
// Then the program taken out of the .vsix is started the way the
// extension starts it (`mdscheck lsp --stdio`, initializationOptions) and
// answers: diagnostics with rule codes, and the hover on `kind` that the
// command "Show Connection Secret Keys" reads. Last, the extension as
// unpacked from the .vsix is activated (against a mock vscode module) and
// starts its bundled program.
//
// The program is built here with `go build` so that the test works on a
// clean checkout (make test does not build bin/mdscheck first).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import rpc from "vscode-jsonrpc/node.js";
import secret from "../out/secret.js";
import settings from "../out/settings.js";
import { loadExtension } from "./vscode-mock.mjs";
import { readZip } from "./zip.mjs";

const ext = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(ext, "..", "..");
const tmp = mkdtempSync(join(tmpdir(), "mdscheck-vsix-"));
const exe = process.platform === "win32" ? "mdscheck.exe" : "mdscheck";
const platformDir = `${process.platform}-${process.arch}`;
const vsixPath = join(tmp, "mdscheck.vsix");
let entries;

before(() => {
  // A missing Go toolchain fails here with its own message: this test is
  // not skipped, since make test promises it runs.
  execFileSync("go", ["build", "-o", join(tmp, exe), "./cmd/mdscheck"], { cwd: repo, stdio: "inherit" });
  execFileSync(process.execPath, [join(ext, "scripts", "package.mjs"), "--out", vsixPath], {
    cwd: ext,
    env: { ...process.env, MDSCHECK_BIN: join(tmp, exe) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  entries = readZip(readFileSync(vsixPath));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

test("the .vsix holds the bundles, the manifest, README, changelog, licence and icon, and no sources", () => {
  const names = [...entries.keys()];
  const web = ["extension/dist/web/extension.js", "extension/dist/web/server.js", "extension/dist/web/mdscheck.wasm"];
  const about = ["extension/readme.md", "extension/changelog.md", "extension/LICENSE.txt", "extension/THIRD-PARTY-NOTICES", "extension/images/icon.png"];
  for (const want of ["extension.vsixmanifest", "extension/package.json", "extension/dist/extension.js", ...about, ...web]) {
    assert.ok(names.includes(want), `${want} in ${names.join(", ")}`);
  }
  assert.deepEqual(
    names.filter((n) => /\.ts$|\.map$|^extension\/(src|test|scripts|node_modules)\//.test(n)),
    [],
    "sources, tests, source maps and node_modules stay out",
  );
  const bundle = entries.get("extension/dist/extension.js").data().toString("utf8");
  assert.match(bundle, /exports.*activate|activate.*exports/s, "the bundle exports activate");
  assert.ok(!/require\("vscode-languageclient/.test(bundle), "vscode-languageclient is bundled, not required at run time");
});

test("the .vsix holds the server program for this platform, executable and whole", () => {
  const entry = entries.get(`extension/bin/${platformDir}/${exe}`);
  assert.ok(entry, `extension/bin/${platformDir}/${exe} in the .vsix`);
  assert.equal(entry.mode & 0o111, 0o111, `mode ${entry.mode.toString(8)} lets everyone run it`);
  assert.deepEqual(entry.data(), readFileSync(join(tmp, exe)), "the program is the one built");
});

test("the manifest is one VS Code accepts", () => {
  const m = JSON.parse(entries.get("extension/package.json").data().toString("utf8"));
  assert.equal(m.name, "mdscheck");
  assert.equal(typeof m.publisher, "string");
  assert.match(m.version, /^\d+\.\d+\.\d+$/);
  assert.match(m.engines.vscode, /^\^1\.\d+\.\d+$/);
  assert.deepEqual(m.activationEvents, ["onLanguage:yaml"]);
  assert.equal(m.main, "./dist/extension.js");
  assert.ok(entries.has("extension/" + m.main.replace(/^\.\//, "")), "main is in the .vsix");
  const props = m.contributes.configuration.properties;
  for (const key of ["mdscheck.enable", "mdscheck.unknownFields", "mdscheck.server.path", "mdscheck.trace.server"]) {
    assert.ok(props[key], `setting ${key}`);
    assert.ok(props[key].description || props[key].markdownDescription, `${key} is described`);
  }
  assert.deepEqual(props["mdscheck.unknownFields"].enum, ["error", "warning", "off"]);
  assert.deepEqual(props["mdscheck.trace.server"].enum, ["off", "messages", "verbose"]);
  const commands = m.contributes.commands.map((c) => c.command).sort();
  assert.deepEqual(commands, ["mdscheck.restartServer", "mdscheck.showConnectionSecret", "mdscheck.showOutput"]);
  const vsixmanifest = entries.get("extension.vsixmanifest").data().toString("utf8");
  assert.match(vsixmanifest, /Microsoft\.VisualStudio\.Code/);
  assert.match(vsixmanifest, /Id="mdscheck"/);
});

test("the program from the .vsix serves LSP the way the extension starts it", async (t) => {
  const program = join(tmp, "from-vsix", exe);
  mkdirSync(dirname(program), { recursive: true });
  writeFileSync(program, entries.get(`extension/bin/${platformDir}/${exe}`).data());
  chmodSync(program, 0o755);
  assert.match(execFileSync(program, ["version"]).toString(), /mdscheck/);

  const proc = spawn(program, ["lsp", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const published = new Promise((resolve) =>
    conn.onNotification("textDocument/publishDiagnostics", (p) => {
      if (p.diagnostics.length > 0) resolve(p);
    }),
  );
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({ enable: true, unknownFields: "error" })));
  conn.listen();
  t.after(() => {
    conn.dispose();
    proc.kill();
  });
  // A broken server fails the test instead of hanging it.
  const within = (p, what) => {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} in 20 s; server log:\n${stderr}`)), 20000);
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  };

  const { settings: init } = settings.serverSettings(() => undefined);
  const result = await within(
    conn.sendRequest("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true }, textDocument: { hover: { contentFormat: ["markdown"] } } },
      initializationOptions: init,
    }),
    "initialize result",
  );
  assert.ok(result.capabilities.hoverProvider, "hover");
  assert.ok(result.capabilities.completionProvider, "completion");
  assert.ok(result.capabilities.codeActionProvider, "code actions");
  await conn.sendNotification("initialized", {});

  const text = readFileSync(join(repo, "examples", "kafka.yaml"), "utf8").replace("plan: business-8", "plan: business-8\n  replicas: 3");
  const uri = pathToFileURL(join(tmp, "kafka.yaml")).href;
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  const diags = await within(published, "diagnostics");
  const unknown = diags.diagnostics.find((d) => d.code === "unknown-field");
  assert.ok(unknown, `an unknown-field diagnostic in ${JSON.stringify(diags.diagnostics)}`);
  assert.equal(unknown.range.start.line, text.split("\n").findIndex((l) => l.startsWith("  replicas:")));

  const got = secret.readSecret(await within(conn.sendRequest("workspace/executeCommand", {
    command: secret.connectionSecretCommand,
    arguments: [{ textDocument: { uri }, position: { line: 20, character: 0 } }],
  }), "connection Secret"));
  assert.equal(got?.name, "events-connection", `the connection Secret: ${JSON.stringify(got)}`);
  assert.ok(got.keys.includes("KAFKA_HOST") && got.keys.includes("KAFKA_PASSWORD"), got.keys.join(" "));

  await within(conn.sendRequest("shutdown"), "shutdown result");
  await conn.sendNotification("exit");
});

test("the extension unpacked from the .vsix starts its bundled program", async () => {
  const dir = join(tmp, "installed");
  for (const e of entries.values()) {
    if (!e.name.startsWith("extension/") || e.name.endsWith("/")) continue;
    const file = join(dir, e.name.slice("extension/".length));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, e.data(), { mode: e.mode & 0o777 });
  }
  const saved = process.env.PATH;
  process.env.PATH = ""; // only the bundled program can be found
  let loaded;
  try {
    loaded = loadExtension({ bundle: join(dir, "dist", "extension.js") });
    await loaded.extension.activate({ extensionPath: dir, subscriptions: [] });
  } finally {
    process.env.PATH = saved;
  }
  assert.deepEqual(loaded.shown, [], "no error or warning shown");
  const status = loaded.statusItems[0];
  assert.equal(status.text, "mdscheck: bundled");
  assert.equal(status.detail, join(dir, "bin", platformDir, exe));
  // deactivate ends with shutdown and exit: it resolves only if the server answers.
  await loaded.extension.deactivate();
});
