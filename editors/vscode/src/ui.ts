// What both builds of the extension show the same way, whichever server
// they start (the program, extension.ts, or the WebAssembly module in a
// worker, web/extension.ts): the output channel, the status item beside
// YAML, and the commands.

import * as vscode from "vscode";
import { connectionSecretCommand, describeSecret, readSecret } from "./secret";
import { serverSettings, type ServerSettings } from "./settings";

/** The output channel *mdscheck*, the status item, and the commands. */
export class Ui {
  readonly output: vscode.OutputChannel;
  private readonly status: vscode.LanguageStatusItem;

  /** Registers the commands; restart is what mdscheck.restartServer does. */
  constructor(context: vscode.ExtensionContext, restart: () => Promise<void>) {
    const output = vscode.window.createOutputChannel("mdscheck");
    this.output = output;
    this.status = vscode.languages.createLanguageStatusItem("mdscheck.server", { language: "yaml" });
    this.status.name = "mdscheck";
    this.status.command = { title: "Show Log", command: "mdscheck.showOutput" };
    context.subscriptions.push(
      output,
      this.status,
      vscode.commands.registerCommand("mdscheck.showOutput", () => output.show(true)),
      vscode.commands.registerCommand("mdscheck.restartServer", restart),
      vscode.commands.registerCommand("mdscheck.showConnectionSecret", showConnectionSecret),
    );
  }

  log(line: string): void {
    this.output.appendLine(line);
  }

  /** setStatus says in the status item which server runs, or why none does. */
  setStatus(text: string, detail: string, severity: vscode.LanguageStatusSeverity): void {
    this.status.text = `mdscheck: ${text}`;
    this.status.detail = detail;
    this.status.severity = severity;
  }
}

/**
 * settingsForServer reads the "mdscheck" section for the server's
 * initializationOptions; a value of the wrong type is named in a warning
 * and replaced by its default.
 */
export function settingsForServer(): ServerSettings {
  const config = vscode.workspace.getConfiguration("mdscheck");
  const { settings, problems } = serverSettings((k) => config.get(k));
  for (const p of problems) {
    void vscode.window.showWarningMessage(`mdscheck: ${p}; using the default.`);
  }
  return settings;
}

/**
 * showConnectionSecret lists the keys of the connection Secret of the
 * manifest under the cursor, as the server's command
 * mdscheck.connectionSecret answers it; the key picked is copied. Values
 * are never shown: the server tells none.
 */
async function showConnectionSecret(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "yaml") {
    void vscode.window.showInformationMessage("mdscheck: open a YAML manifest and put the cursor in it.");
    return;
  }
  const { line, character } = editor.selection.active;
  let answer: unknown;
  try {
    // vscode-languageclient registers the server's commands as VS Code
    // commands; the argument travels to the server as it is.
    answer = await vscode.commands.executeCommand(connectionSecretCommand, {
      textDocument: { uri: editor.document.uri.toString() },
      position: { line, character },
    });
  } catch (err) {
    void vscode.window.showErrorMessage(`mdscheck: the language server did not answer (${String(err)}). Is it running? See the log.`);
    return;
  }
  const secret = readSecret(answer);
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
  const name = describeSecret(secret);
  const picked = await vscode.window.showQuickPick(
    secret.keys.map((k) => ({ label: k, description: `key of Secret ${name}` })),
    { title: `Connection Secret ${name}`, placeHolder: "Pick a key to copy its name" },
  );
  if (picked !== undefined) {
    await vscode.env.clipboard.writeText(picked.label);
    vscode.window.setStatusBarMessage(`mdscheck: copied ${picked.label}`, 3000);
  }
}
