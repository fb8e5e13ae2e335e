// The VS Code extension: it starts `mdscheck lsp` for YAML files and adds
// a few commands. The logic that can be tested without VS Code lives in
// server.ts, settings.ts and secret.ts.

import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { bundledDir, describe, ensureExecutable, exeName, findServer, type Source } from "./server";
import { hoverText, kindPosition, parseSecret } from "./secret";
import { restartKeys, serverSettings } from "./settings";
import * as path from "node:path";

/** The id of the client; VS Code reads mdscheck.trace.server because of it. */
const clientId = "mdscheck";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
let status: vscode.LanguageStatusItem | undefined;

/** activate runs on the first YAML file (activationEvents in package.json). */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("mdscheck");
  status = vscode.languages.createLanguageStatusItem("mdscheck.server", { language: "yaml" });
  status.name = "mdscheck";
  status.command = { title: "Show Log", command: "mdscheck.showOutput" };
  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand("mdscheck.showOutput", () => output?.show(true)),
    vscode.commands.registerCommand("mdscheck.restartServer", async () => {
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand("mdscheck.showConnectionSecret", showConnectionSecret),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      // The other settings reach the running server by
      // workspace/didChangeConfiguration; a new program needs a new process.
      if (restartKeys.some((k) => e.affectsConfiguration(k))) {
        await stop();
        await start(context);
      }
    }),
  );
  await start(context);
}

/** deactivate stops the server when VS Code closes the extension. */
export function deactivate(): Thenable<void> | undefined {
  return stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const config = vscode.workspace.getConfiguration("mdscheck");
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === "file");
  // Some unpackers drop the execute bit of the bundled program; give it back.
  ensureExecutable(path.join(context.extensionPath, "bin", bundledDir(process.platform, process.arch), exeName(process.platform)));
  const lookup = findServer({
    configuredPath: config.get<string>("server.path"),
    extensionPath: context.extensionPath,
    workspaceFolder: folder?.uri.fsPath,
    platform: process.platform,
    arch: process.arch,
    env: process.env,
  });
  log(describe(lookup.tried));
  if (!lookup.found) {
    setStatus("not running", lookup.message, vscode.LanguageStatusSeverity.Error);
    void offerHelp(lookup.message);
    return;
  }

  const { settings, problems } = serverSettings((k) => config.get(k));
  for (const p of problems) {
    void vscode.window.showWarningMessage(`mdscheck: ${p}; using the default.`);
  }
  const serverOptions: ServerOptions = {
    command: lookup.command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    // Every YAML file goes to the server; it answers only for documents of
    // apiVersion example.io/v1alpha1 and stays silent on the others.
    documentSelector: [
      { scheme: "file", language: "yaml" },
      { scheme: "untitled", language: "yaml" },
    ],
    initializationOptions: settings,
    // Pushes the "mdscheck" section with workspace/didChangeConfiguration
    // whenever it changes; the server also pulls it with
    // workspace/configuration, which the client answers.
    synchronize: { configurationSection: "mdscheck" },
    diagnosticCollectionName: "mdscheck",
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // A server that fails to start is told once, by the client's own
    // error ("couldn't create connection", with a button to the log, where
    // the lines above say which program failed), not once per retry or
    // per broken write. One that crashes after it started is restarted
    // (the client's default: up to 4 times in 3 minutes); one that never
    // started would fail the same way again.
    initializationFailedHandler: () => false,
    errorHandler: {
      error: (error, message, count) =>
        started ? fallback.error(error, message, count) : { action: ErrorAction.Shutdown, handled: true },
      closed: () => (started ? fallback.closed() : { action: CloseAction.DoNotRestart, handled: true }),
    },
  };
  let started = false;
  const c = new LanguageClient(clientId, "mdscheck", serverOptions, clientOptions);
  const fallback = c.createDefaultErrorHandler(4);
  client = c;
  try {
    await c.start();
    started = true;
    setStatus(sourceLabel(lookup.source), lookup.command, vscode.LanguageStatusSeverity.Information);
  } catch (err) {
    log(`the language server ${lookup.command} did not start: ${String(err)}`);
    setStatus("failed", `${lookup.command} did not start; see the log`, vscode.LanguageStatusSeverity.Error);
    if (client === c) {
      client = undefined;
    }
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    try {
      await c.stop();
    } catch (err) {
      log(`stopping the server: ${String(err)}`);
    }
  }
}

function sourceLabel(s: Source): string {
  switch (s) {
    case "setting":
      return "from mdscheck.server.path";
    case "bundled":
      return "bundled";
    case "PATH":
      return "from PATH";
  }
}

function setStatus(text: string, detail: string, severity: vscode.LanguageStatusSeverity): void {
  if (status !== undefined) {
    status.text = `mdscheck: ${text}`;
    status.detail = detail;
    status.severity = severity;
  }
}

function log(line: string): void {
  output?.appendLine(line);
}

/** offerHelp shows message with the ways out: the setting and the log. */
async function offerHelp(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, "Open Settings", "Show Log");
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "mdscheck.server.path");
  } else if (choice === "Show Log") {
    output?.show(true);
  }
}

/**
 * showConnectionSecret lists the keys of the connection Secret of the
 * manifest under the cursor, from the server's hover on its `kind`; the
 * key picked is copied. Values are never shown: the editor has none.
 */
async function showConnectionSecret(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "yaml") {
    void vscode.window.showInformationMessage("mdscheck: open a YAML manifest and put the cursor in it.");
    return;
  }
  const doc = editor.document;
  const at = kindPosition(doc.getText(), editor.selection.active.line);
  if (at === undefined) {
    void vscode.window.showInformationMessage("mdscheck: this manifest has no kind.");
    return;
  }
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>(
      "vscode.executeHoverProvider",
      doc.uri,
      new vscode.Position(at.line, at.character),
    )) ?? [];
  const secret = hovers.map((h) => parseSecret(hoverText(h.contents))).find((s) => s !== undefined);
  if (secret === undefined) {
    void vscode.window.showInformationMessage(
      "mdscheck: no connection Secret here. Is this a manifest of apiVersion example.io/v1alpha1 with kind OpenSearch, Grafana or Kafka?",
    );
    return;
  }
  if (secret.disabled) {
    void vscode.window.showInformationMessage(
      "mdscheck: no connection Secret is created for this manifest (spec.connInfoSecretTargetDisabled: true).",
    );
    return;
  }
  const picked = await vscode.window.showQuickPick(
    secret.keys.map((k) => ({ label: k, description: `key of Secret ${secret.name}` })),
    { title: `Connection Secret ${secret.name}`, placeHolder: "Pick a key to copy its name" },
  );
  if (picked !== undefined) {
    await vscode.env.clipboard.writeText(picked.label);
    vscode.window.setStatusBarMessage(`mdscheck: copied ${picked.label}`, 3000);
  }
}
