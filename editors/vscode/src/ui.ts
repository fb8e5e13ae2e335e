// What both builds of the extension show the same way, whichever server
// they start (the program, extension.ts, or the WebAssembly module in a
// worker, web/extension.ts): the output channel, the status item beside
// YAML, and the commands.

import * as vscode from "vscode";
import { hoverText, kindPosition, parseSecret } from "./secret";
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
 * showConnectionSecret lists the keys of the connection Secret of the
 * manifest under the cursor, from the server's hover on its `kind`; the
 * key picked is copied. Values are never shown: the editor has none.
 */
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
