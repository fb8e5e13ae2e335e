// The VS Code extension in the browser (vscode.dev, github.dev, the
// `browser` entry of package.json). No program can run there, so the
// language server is the mdscheck WebAssembly module in a Web Worker
// (server.ts, lsp.ts), reached through vscode-languageclient/browser.

import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, RevealOutputChannelOn } from "vscode-languageclient/browser";
import { settingsForServer, Ui } from "../ui";
import type { Boot } from "./server";

let client: LanguageClient | undefined;
let worker: Worker | undefined;
let ui: Ui | undefined;

/** activate runs on the first YAML file (activationEvents in package.json). */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ui = new Ui(context, async () => {
    await stop();
    await start(context);
  });
  await start(context);
}

/** deactivate stops the server when VS Code closes the extension. */
export function deactivate(): Promise<void> {
  return stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const dir = vscode.Uri.joinPath(context.extensionUri, "dist", "web");
  const clientOptions: LanguageClientOptions = {
    // Every YAML document, whatever its scheme (github.dev's vscode-vfs,
    // untitled, ...): the server reads only the text the editor sends.
    documentSelector: [{ language: "yaml" }],
    initializationOptions: settingsForServer(),
    synchronize: { configurationSection: "mdscheck" },
    diagnosticCollectionName: "mdscheck",
    outputChannel: ui?.output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // A module that does not load fails the same way on every try.
    initializationFailedHandler: () => false,
  };
  let w: Worker | undefined;
  const module = vscode.Uri.joinPath(dir, "mdscheck.wasm");
  try {
    const wasm = await vscode.workspace.fs.readFile(module);
    w = new Worker(vscode.Uri.joinPath(dir, "server.js").toString(true));
    // Before the client's first message: the worker takes its first as the module.
    const first: Boot = { mdscheckWasm: wasm };
    w.postMessage(first);
    const c = new LanguageClient("mdscheck", "mdscheck", clientOptions, w);
    client = c;
    worker = w;
    await c.start();
    // As the desktop build names the program it runs: the first line of a bug report.
    ui?.log(`in the browser: using ${module.toString(true)} in a Web Worker`);
    ui?.setStatus("in the browser", "the mdscheck WebAssembly module, in a Web Worker", vscode.LanguageStatusSeverity.Information);
  } catch (err) {
    ui?.log(`the language server did not start: ${String(err)}`);
    ui?.setStatus("failed", "the language server did not start; see the log", vscode.LanguageStatusSeverity.Error);
    client = undefined;
    worker = undefined;
    w?.terminate();
  }
}

async function stop(): Promise<void> {
  const c = client;
  const w = worker;
  client = undefined;
  worker = undefined;
  try {
    await c?.stop();
  } catch (err) {
    ui?.log(`stopping the server: ${String(err)}`);
  }
  // The server in a worker does not end on `exit` (vscode-languageserver's
  // browser connection ignores it): the worker is ended here.
  w?.terminate();
}
