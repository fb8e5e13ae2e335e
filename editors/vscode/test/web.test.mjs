// The language server of the web extension: dist/web/server.js, the very
// bundle vscode.dev runs in a Web Worker, run in a Node worker thread
// (test/web-worker.mjs) with the real WebAssembly module, and driven over
// postMessage the way vscode-languageclient/browser drives it. Every
// answer is compared with what the module itself says about the same
// text, as an editor in the browser would show it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import rpc from "vscode-jsonrpc/browser.js";
import { load } from "@mdscheck/wasm";
import { WebWorker } from "./web-worker.mjs";

const web = new URL("../dist/web/", import.meta.url);
const examples = new URL("../../../examples/", import.meta.url);
const example = (name) => readFileSync(new URL(name, examples), "utf8");
const rules = "https://github.com/mdscheck/mdscheck/blob/main/docs/rules.md";

let m; // the module, asked directly for the expected answers
let worker;
let conn;
const published = []; // every publishDiagnostics, in order
let waiters = [];

before(async () => {
  m = await load(new URL("mdscheck.wasm", web));
  worker = new WebWorker(new URL("server.js", web).href);
  worker.postMessage({ mdscheckWasm: new Uint8Array(readFileSync(new URL("mdscheck.wasm", web))) });
  conn = rpc.createMessageConnection(new rpc.BrowserMessageReader(worker), new rpc.BrowserMessageWriter(worker));
  conn.onNotification("textDocument/publishDiagnostics", (p) => {
    published.push(p);
    waiters = waiters.filter((w) => !w(p));
  });
  conn.listen();
});
after(async () => {
  conn?.dispose();
  await worker?.terminate();
});

/** A broken server fails the test instead of hanging it. */
function within(promise, what, ms = 20000) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} in ${ms} ms; worker errors: ${worker.errors.join("; ")}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The next diagnostics published for uri at version (any version if undefined). */
function diagnosticsOf(uri, version) {
  return within(
    new Promise((resolve) =>
      waiters.push((p) => {
        if (p.uri !== uri || (version !== undefined && p.version !== version)) return false;
        resolve(p.diagnostics);
        return true;
      }),
    ),
    `diagnostics of ${uri} version ${version}`,
  );
}

/** What the user sees of a diagnostic: all but the data that code actions read back. */
const shown = (ds) =>
  ds.map((d) => {
    const seen = { ...d };
    delete seen.data;
    return seen;
  });

/** The module's findings in text as LSP diagnostics, converted here on their own. */
function expected(text) {
  const severity = { error: 1, warning: 2, information: 3, hint: 4 };
  return m.validate(text).diagnostics.map((d) => ({
    range: d.range,
    severity: severity[d.severity],
    code: d.rule,
    codeDescription: { href: `${rules}#${d.rule}` },
    source: "mdscheck",
    message: d.message,
    ...(d.deprecated ? { tags: [2] } : {}),
  }));
}

let docs = 0;
/** Opens text as a new document and returns its uri and first diagnostics. */
async function open(text) {
  const uri = `vscode-vfs://github/mdscheck/demo/m${++docs}.yaml`;
  const got = diagnosticsOf(uri, 1);
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  return { uri, diagnostics: await got };
}

async function change(uri, version, contentChanges) {
  const got = diagnosticsOf(uri, version);
  await conn.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges });
  return got;
}

/** Where marker is in text, as an LSP position (UTF-16, as JavaScript counts). */
function at(text, marker, offset = 0) {
  const i = text.indexOf(marker);
  assert.ok(i >= 0, `${marker} in the text`);
  const before = text.slice(0, i + offset).split("\n");
  return { line: before.length - 1, character: before.at(-1).length };
}

test("initialize: incremental sync, completion, hover and quick fixes", async () => {
  const result = await within(
    conn.sendRequest("initialize", {
      processId: null,
      rootUri: null,
      capabilities: { workspace: { workspaceEdit: { documentChanges: true } } },
      initializationOptions: { enable: true, unknownFields: "error" },
    }),
    "initialize result",
  );
  const caps = result.capabilities;
  assert.equal(caps.textDocumentSync, 2, "incremental");
  assert.ok(caps.completionProvider);
  assert.equal(caps.hoverProvider, true);
  assert.deepEqual(caps.executeCommandProvider, { commands: ["mdscheck.connectionSecret"] });
  assert.deepEqual(caps.codeActionProvider.codeActionKinds, ["quickfix"]);
  await conn.sendNotification("initialized", {});
});

test("a broken manifest: the module's findings, with rule code, link, source and severity", async () => {
  const text = example("broken.yaml");
  const { diagnostics } = await open(text);
  assert.ok(diagnostics.length >= 15, `${diagnostics.length} diagnostics`);
  assert.deepEqual(shown(diagnostics), expected(text));
  const project = diagnostics.find((d) => d.code === "pattern");
  assert.equal(project.severity, 1);
  assert.match(project.message, /"Search Team" does not match/);
  assert.ok(diagnostics.some((d) => d.severity === 2 && d.tags?.includes(2)), "a deprecated member: a warning, struck through");
});

test("other YAML is left alone, and a valid manifest has nothing", async () => {
  assert.deepEqual((await open("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n")).diagnostics, []);
  assert.deepEqual((await open(example("kafka.yaml"))).diagnostics, []);
});

test("edits, ranged and whole, are checked at the version they make", async () => {
  let text = example("kafka.yaml");
  const { uri } = await open(text);

  // A ranged edit: the 6 of "log_retention_hours: 168" becomes an x.
  const six = at(text, "log_retention_hours: 168", "log_retention_hours: 1".length);
  let got = await change(uri, 2, [{ range: { start: six, end: { line: six.line, character: six.character + 1 } }, text: "x" }]);
  text = text.replace("log_retention_hours: 168", "log_retention_hours: 1x8");
  assert.deepEqual(shown(got), expected(text));
  assert.deepEqual(
    got.map((d) => [d.code, d.range.start.line]),
    [["type", six.line]],
  );

  // Two ranged edits in one notification, applied in order: the number is
  // repaired, then a line inserted above it, which moves what follows.
  const insertAt = at(text, "  karapace:");
  got = await change(uri, 3, [
    { range: { start: six, end: { line: six.line, character: six.character + 1 } }, text: "6" },
    { range: { start: insertAt, end: insertAt }, text: "  replicas: 3\n" },
  ]);
  text = text.replace("1x8", "168").replace("  karapace:", "  replicas: 3\n  karapace:");
  assert.deepEqual(shown(got), expected(text));
  assert.deepEqual(
    got.map((d) => [d.code, d.range.start.line]),
    [["unknown-field", at(text, "  replicas:").line]],
  );

  // The whole text, as clients without ranged edits send it.
  got = await change(uri, 4, [{ text: example("kafka.yaml") }]);
  assert.deepEqual(got, []);
});

test("completion at a key offers the members not yet written, as the module does", async () => {
  const text = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  \n";
  const { uri } = await open(text);
  const position = { line: 6, character: 2 };
  const items = await within(conn.sendRequest("textDocument/completion", { textDocument: { uri }, position }), "completion");
  assert.deepEqual(items, m.complete(text, position));
  const labels = items.map((i) => i.label);
  assert.ok(labels.includes("project"), labels.join(" "));
  assert.ok(!labels.includes("plan"), "plan is written already");
});

test("hover on a key explains the member, as the module does", async () => {
  const text = example("kafka.yaml");
  const { uri } = await open(text);
  const position = at(text, "  plan:", 3);
  const hover = await within(conn.sendRequest("textDocument/hover", { textDocument: { uri }, position }), "hover");
  assert.deepEqual(hover, m.hover(text, position));
  assert.equal(hover.contents.kind, "markdown");
  assert.match(hover.contents.value, /^\*\*spec\.plan\*\*/);
  // On kind: the connection Secret that the command Show Connection Secret Keys reads.
  const onKind = await conn.sendRequest("textDocument/hover", { textDocument: { uri }, position: at(text, "kind:", 1) });
  assert.match(onKind.contents.value, /events-connection/);
});

test("mdscheck.connectionSecret answers the Secret of the manifest at the position, as the hover on its kind tells it", async () => {
  const text = `apiVersion: v1\nkind: ConfigMap\n---\n${example("kafka.yaml")}`;
  const { uri } = await open(text);
  const run = (...args) => conn.sendRequest("workspace/executeCommand", { command: "mdscheck.connectionSecret", arguments: args });
  const secret = await within(run({ textDocument: { uri }, position: at(text, "  plan:", 3) }), "the connection Secret");
  const onKind = m.hover(text, at(text, "kind: Kafka", 1)).contents.value;
  assert.equal(secret.disabled, false);
  assert.match(onKind, new RegExp("Connection Secret `" + secret.name + "`"));
  assert.ok(secret.keys.length > 0);
  for (const k of secret.keys) {
    assert.ok(onKind.includes("`" + k + "`"), `the hover lists ${k}`);
  }
  assert.equal(await run({ textDocument: { uri }, position: { line: 0, character: 0 } }), null, "a ConfigMap has none");
  await assert.rejects(run(), /takes one argument/);
  await assert.rejects(run({ textDocument: { uri: "file:///closed.yaml" }, position: { line: 0, character: 0 } }), /is not open/);
  await assert.rejects(conn.sendRequest("workspace/executeCommand", { command: "mdscheck.other", arguments: [] }), /unknown command/);
});

test("a quick fix renames a misspelt member in the version it was asked for", async () => {
  const text = example("broken.yaml");
  const { uri, diagnostics } = await open(text);
  const typo = diagnostics.find((d) => d.code === "unknown-field" && d.message.includes("terminationProtection"));
  const actions = await within(
    conn.sendRequest("textDocument/codeAction", { textDocument: { uri }, range: typo.range, context: { diagnostics: [typo] } }),
    "code actions",
  );
  assert.equal(actions.length, 1, JSON.stringify(actions));
  const [fix] = actions;
  assert.equal(fix.title, "Rename to terminationProtection");
  assert.equal(fix.kind, "quickfix");
  assert.equal(fix.isPreferred, true);
  const [{ textDocument, edits }] = fix.edit.documentChanges;
  assert.deepEqual(textDocument, { uri, version: 1 });
  const lines = text.split("\n");
  for (const e of edits) {
    const l = e.range.start.line;
    lines[l] = lines[l].slice(0, e.range.start.character) + e.newText + lines[l].slice(e.range.end.character);
  }
  const fixed = lines.join("\n");
  assert.match(fixed, /^ {2}terminationProtection: true$/m);
  assert.ok(!expected(fixed).some((d) => d.message.includes("terminationProtectoin")), "the finding is gone");
  // Asked for refactorings only: no quick fix.
  const none = await conn.sendRequest("textDocument/codeAction", {
    textDocument: { uri },
    range: typo.range,
    context: { diagnostics: [typo], only: ["refactor"] },
  });
  assert.deepEqual(none, []);
});

test("a document with secrets: no secret value in diagnostics, hover or completion", async () => {
  const secret = "hunter2-very-secret";
  const text =
    "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n" +
    "  userConfig:\n    smtp_server:\n      host: smtp.example.com\n      port: 25\n      from_address: a@example.com\n" +
    `      password: ${secret}\n      password: ${secret}\n    auth_github:\n      client_secret: [${secret}]\n`;
  const { uri, diagnostics } = await open(text);
  assert.ok(diagnostics.some((d) => d.code === "duplicate-key"), "the duplicate password is found");
  assert.ok(diagnostics.some((d) => d.code === "type"), "the client_secret of the wrong type is found");
  const position = at(text, `password: ${secret}`, 14);
  const hover = await conn.sendRequest("textDocument/hover", { textDocument: { uri }, position });
  const items = await conn.sendRequest("textDocument/completion", { textDocument: { uri }, position });
  for (const [what, answer] of Object.entries({ diagnostics, hover, items })) {
    assert.ok(!JSON.stringify(answer).includes(secret), `${what} hold no secret value`);
  }
});

test("settings: unknown members as warnings or not at all; disabled, nothing", async () => {
  const text = example("kafka.yaml").replace("  karapace:", "  replicas: 3\n  karapace:");
  const { uri, diagnostics } = await open(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [["unknown-field", 1]],
  );
  const settings = async (mdscheck) => {
    const got = diagnosticsOf(uri);
    await conn.sendNotification("workspace/didChangeConfiguration", { settings: { mdscheck } });
    return got;
  };
  assert.deepEqual(
    (await settings({ enable: true, unknownFields: "warning" })).map((d) => [d.code, d.severity]),
    [["unknown-field", 2]],
  );
  assert.deepEqual(await settings({ enable: true, unknownFields: "off" }), []);
  assert.deepEqual(await settings({ enable: false, unknownFields: "error" }), []);
  const position = at(text, "  plan:", 3);
  assert.equal(await conn.sendRequest("textDocument/hover", { textDocument: { uri }, position }), null);
  assert.deepEqual(await conn.sendRequest("textDocument/completion", { textDocument: { uri }, position }), []);
  // A value of the wrong type is the default: the finding is back as an error.
  assert.deepEqual(
    (await settings({ enable: true, unknownFields: "loud" })).map((d) => [d.code, d.severity]),
    [["unknown-field", 1]],
  );
});

test("a file with too many findings shows the 999 most severe and says how many more", async () => {
  // Each document lacks metadata and spec, and has an unknown member
  // (error) and a deprecated one (warning): 5 findings, 1,500 in all.
  const one = "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n  nope: 1\n  userConfig:\n    alerting_enabled: true\n";
  const text = Array.from({ length: 400 }, () => one).join("---\n");
  const all = expected(text);
  assert.ok(all.length > 1000, `${all.length} findings`);
  const { diagnostics } = await open(text);
  assert.equal(diagnostics.length, 1000);
  assert.match(diagnostics.at(-1).message, new RegExp(`^${all.length - 999} more findings not shown`));
  const kept = diagnostics.slice(0, -1);
  const errors = all.filter((d) => d.severity === 1).length;
  assert.equal(kept.filter((d) => d.severity === 1).length, Math.min(errors, 999), "errors first");
  // In the order of the file.
  const lines = kept.map((d) => d.range.start.line);
  assert.deepEqual(lines, [...lines].sort((a, b) => a - b));
});

test("closing a document clears its diagnostics; shutdown is answered", async () => {
  const { uri, diagnostics } = await open(example("broken.yaml"));
  assert.ok(diagnostics.length > 0);
  const cleared = diagnosticsOf(uri);
  await conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
  assert.deepEqual(await cleared, []);
  assert.equal(await within(conn.sendRequest("shutdown"), "shutdown result"), null);
  assert.deepEqual(worker.errors, [], "the worker threw nothing");
});
