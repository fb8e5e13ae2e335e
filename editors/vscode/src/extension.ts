// The VS Code extension on the desktop: it starts `mdscheck lsp` for YAML
// files and adds a few commands. In vscode.dev and github.dev, where no
// program can run, web/extension.ts takes its place. The logic that can be
// tested without VS Code lives in server.ts, settings.ts and secret.ts.

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
import { settingsForServer, Ui } from "./ui";
import { restartKeys } from "./settings";
import * as path from "node:path";

/** The id of the client; VS Code reads mdscheck.trace.server because of it. */
const clientId = "mdscheck";

let client: LanguageClient | undefined;
let ui: Ui | undefined;

/** activate runs on the first YAML file (activationEvents in package.json). */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ui = new Ui(context, async () => {
    await stop();
    await start(context);
  });
  context.subscriptions.push(
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
  ui?.log(describe(lookup.tried));
  if (!lookup.found) {
    ui?.setStatus("not running", lookup.message, vscode.LanguageStatusSeverity.Error);
    void offerHelp(lookup.message);
    return;
  }

  const serverOptions: ServerOptions = {
    command: lookup.command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    // Every YAML file goes to the server; it answers only for documents of
    // apiVersion example.io/v1alpha1 and stays silent on the others. The
    // server reads the text the editor sends, so files of a virtual
    // workspace (vscode-vfs: a GitHub repository opened remotely) work too;
    // other schemes (git: in diff views) would repeat the findings.
    documentSelector: [
      { scheme: "file", language: "yaml" },
      { scheme: "untitled", language: "yaml" },
      { scheme: "vscode-vfs", language: "yaml" },
    ],
    initializationOptions: settingsForServer(),
    // Pushes the "mdscheck" section with workspace/didChangeConfiguration
    // whenever it changes; the server also pulls it with
    // workspace/configuration, which the client answers.
    synchronize: { configurationSection: "mdscheck" },
    diagnosticCollectionName: "mdscheck",
    outputChannel: ui?.output,
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
    ui?.setStatus(sourceLabel(lookup.source), lookup.command, vscode.LanguageStatusSeverity.Information);
  } catch (err) {
    ui?.log(`the language server ${lookup.command} did not start: ${String(err)}`);
    ui?.setStatus("failed", `${lookup.command} did not start; see the log`, vscode.LanguageStatusSeverity.Error);
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
      ui?.log(`stopping the server: ${String(err)}`);
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

/** offerHelp shows message with the ways out: the setting and the log. */
async function offerHelp(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, "Open Settings", "Show Log");
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "mdscheck.server.path");
  } else if (choice === "Show Log") {
    ui?.output.show(true);
  }
}
