// The language server of the web extension: LSP in front of the mdscheck
// WebAssembly module, for vscode.dev and github.dev, where `mdscheck lsp`
// cannot run. It answers as the program does, as far as the module can:
// diagnostics (same codes, links, tags and data as lsp/diagnostics.go),
// completion, hover, quick fixes and the command mdscheck.connectionSecret.
// Document symbols are missing: the module does not export an outline.
//
// serve() only talks to the connection it is given and to the module;
// server.ts wires it to the Web Worker, and the tests run the same bundle
// in a Node worker thread.

import {
  CodeActionKind,
  DiagnosticSeverity,
  DiagnosticTag,
  ErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Diagnostic,
  type Hover,
  type InitializeResult,
  type TextDocumentPositionParams,
} from "vscode-languageserver/browser";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic as Finding, Mdscheck, ValidateResult } from "@mdscheck/wasm";
import { connectionSecretCommand, kindPosition, type Secret } from "../secret";
import { defaults, serverSettings, type ServerSettings } from "../settings";

/** Where each rule is explained: the program's link (lsp/diagnostics.go). */
export const rulesURL = "https://github.com/mdscheck/mdscheck/blob/main/docs/rules.md";

/**
 * At most this many diagnostics are published for one file, as the program
 * does: the most severe, and a note of how many more there are. Tens of
 * thousands of findings would cost the editor seconds on every keystroke,
 * and no one reads that far.
 */
export const maxDiagnostics = 1000;

/** The calls of the module the server makes. */
export type Checker = Pick<Mdscheck, "validate" | "complete" | "hover">;

/**
 * What travels with each diagnostic and comes back in a code action
 * request: it names the finding among those of the current text.
 */
interface DiagnosticData {
  rule: string;
  pointer: string;
  document: number;
}

const severities: Record<string, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** toDiagnostic turns a finding of the module into an LSP diagnostic. */
export function toDiagnostic(f: Finding): Diagnostic {
  const data: DiagnosticData = { rule: f.rule, pointer: f.pointer, document: f.document };
  const d: Diagnostic = {
    range: f.range,
    severity: severities[f.severity] ?? DiagnosticSeverity.Error,
    code: f.rule,
    codeDescription: { href: `${rulesURL}#${f.rule}` },
    source: "mdscheck",
    message: f.message,
    data,
  };
  if (f.deprecated) {
    d.tags = [DiagnosticTag.Deprecated];
  }
  return d;
}

/**
 * withSettings applies mdscheck.unknownFields to the findings. The module
 * always checks with the defaults, where an unknown member is an error; the
 * setting changes nothing but the severity of rule unknown-field, or drops
 * it (core/check/rule_unknown.go), so it can be applied afterwards.
 */
export function withSettings(findings: Finding[], s: ServerSettings): Finding[] {
  // Unset is the module's default too: the web has no .mdscheck.yaml.
  if (s.unknownFields === undefined || s.unknownFields === "error") {
    return findings;
  }
  if (s.unknownFields === "off") {
    return findings.filter((f) => f.rule !== "unknown-field");
  }
  return findings.map((f) => (f.rule === "unknown-field" ? { ...f, severity: "warning" } : f));
}

/**
 * capped returns ds, or when there are too many, the maxDiagnostics-1 most
 * severe in their order and a note of the rest: the program's choice
 * (mostSevere in lsp/diagnostics.go).
 */
export function capped(ds: Diagnostic[]): Diagnostic[] {
  if (ds.length <= maxDiagnostics) {
    return ds;
  }
  const room = maxDiagnostics - 1;
  const rank = (i: number): number => ds[i].severity ?? DiagnosticSeverity.Error;
  const kept = ds
    .map((_, i) => i)
    .sort((a, b) => rank(a) - rank(b) || a - b)
    .slice(0, room)
    .sort((a, b) => a - b)
    .map((i) => ds[i]);
  const start = { line: 0, character: 0 };
  kept.push({
    range: { start, end: start },
    severity: DiagnosticSeverity.Information,
    source: "mdscheck",
    message: `${ds.length - room} more findings not shown; run mdscheck validate for all`,
  });
  return kept;
}

/**
 * readSettings reads the "mdscheck" section from what the client sends:
 * the section itself (initializationOptions) or an object holding it
 * (workspace/didChangeConfiguration). Values of the wrong type fall back to
 * the defaults; problems names them.
 */
function readSettings(raw: unknown): { settings: ServerSettings; problems: string[] } {
  let section: Record<string, unknown> = {};
  if (raw !== null && typeof raw === "object") {
    const o = raw as Record<string, unknown>;
    section = o.mdscheck !== null && typeof o.mdscheck === "object" ? (o.mdscheck as Record<string, unknown>) : o;
  }
  return serverSettings((k) => section[k]);
}

/**
 * serve answers LSP on connection with the module that load returns. load
 * is called at initialize, and again when the module crashed: a crashed
 * instance refuses every later call, and a new one costs a few ms.
 */
export function serve(connection: Connection, load: () => Promise<Checker>): void {
  const documents = new TextDocuments(TextDocument);
  let settings: ServerSettings = { ...defaults };
  let checker: Checker | undefined;
  // The last result of each document, for code actions on the same version.
  const last = new Map<string, { version: number; result: ValidateResult }>();
  const pending = new Set<string>();

  const report = (problems: string[]): void => {
    for (const p of problems) {
      connection.console.warn(`${p}; using the default`);
    }
  };

  /** call runs one call of the module; on failure it logs and returns otherwise. */
  const call = <T>(what: string, fn: (m: Checker) => T, otherwise: T): T => {
    if (checker === undefined) {
      return otherwise;
    }
    try {
      return fn(checker);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      connection.console.error(`${what}: ${message}`);
      if (/crashed/.test(message)) {
        checker = undefined;
        load().then(
          (m) => {
            checker = m;
            documents.all().forEach((d) => schedule(d.uri));
          },
          (e: unknown) => connection.console.error(`the mdscheck module could not be loaded again: ${String(e)}`),
        );
      }
      return otherwise;
    }
  };

  const resultOf = (doc: TextDocument): ValidateResult | undefined => {
    const seen = last.get(doc.uri);
    if (seen?.version === doc.version) {
      return seen.result;
    }
    const result = call("validate", (m) => m.validate(doc.getText()), undefined);
    if (result !== undefined) {
      last.set(doc.uri, { version: doc.version, result });
    }
    return result;
  };

  const publish = (uri: string): void => {
    const doc = documents.get(uri);
    if (doc === undefined) {
      return;
    }
    let diagnostics: Diagnostic[] = [];
    if (settings.enable) {
      const result = resultOf(doc);
      if (result === undefined) {
        return; // logged; the diagnostics shown stay until a check succeeds
      }
      diagnostics = capped(withSettings(result.diagnostics, settings).map(toDiagnostic));
    }
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  };

  // A document is checked once for the changes that arrive together (a
  // paste, an undo of many edits, the keystrokes typed while a check ran):
  // the timer fires after the messages already queued are handled.
  const schedule = (uri: string): void => {
    if (pending.has(uri)) {
      return;
    }
    pending.add(uri);
    setTimeout(() => {
      pending.delete(uri);
      publish(uri);
    }, 0);
  };

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    try {
      checker = await load();
    } catch (err) {
      throw new Error(`the mdscheck WebAssembly module did not load: ${err instanceof Error ? err.message : String(err)}`);
    }
    const read = readSettings(params.initializationOptions);
    settings = read.settings;
    report(read.problems);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [" "] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [connectionSecretCommand] },
      },
      serverInfo: { name: "mdscheck (WebAssembly)" },
    };
  });

  connection.onDidChangeConfiguration(({ settings: raw }) => {
    const read = readSettings(raw);
    settings = read.settings;
    report(read.problems);
    documents.all().forEach((d) => schedule(d.uri));
  });

  documents.onDidChangeContent(({ document }) => schedule(document.uri));
  documents.onDidClose(({ document }) => {
    last.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCompletion(({ textDocument, position }): CompletionItem[] => {
    const doc = documents.get(textDocument.uri);
    if (doc === undefined || !settings.enable) {
      return [];
    }
    // The module's items are LSP CompletionItems (wasm/js/index.d.ts).
    return call("complete", (m) => m.complete(doc.getText(), position) as CompletionItem[], []);
  });

  connection.onHover(({ textDocument, position }): Hover | null => {
    const doc = documents.get(textDocument.uri);
    if (doc === undefined || !settings.enable) {
      return null;
    }
    return call("hover", (m) => m.hover(doc.getText(), position), null);
  });

  // The fixes of the findings the client names, found again among those of
  // the current text, so that the edits apply to the text as it is now; the
  // edits are tied to its version, and VS Code refuses them once it changed.
  connection.onCodeAction(({ textDocument, context }): CodeAction[] => {
    const doc = documents.get(textDocument.uri);
    const wanted = context.only === undefined || context.only.some((k) => CodeActionKind.QuickFix.startsWith(k));
    if (doc === undefined || !settings.enable || !wanted) {
      return [];
    }
    const findings = resultOf(doc)?.diagnostics ?? [];
    const actions: CodeAction[] = [];
    for (const cd of context.diagnostics) {
      const fixes = findFinding(findings, cd)?.fixes ?? [];
      for (const fix of fixes) {
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [cd],
          isPreferred: fixes.length === 1,
          edit: { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits: fix.edits }] },
        });
      }
    }
    return actions;
  });

  // The program computes the Secret (lsp/secret.go); the module gives it
  // as data with its hover on the manifest's kind (connectionSecret). The
  // answer has the same shape, without the document's index.
  connection.onExecuteCommand(({ command, arguments: args }): Secret | null => {
    if (command !== connectionSecretCommand) {
      throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${command}; the server runs ${connectionSecretCommand}`);
    }
    const at = args?.length === 1 ? (args[0] as Partial<TextDocumentPositionParams> | null) : undefined;
    const line = at?.position?.line;
    const uri = at?.textDocument?.uri;
    if (typeof uri !== "string" || typeof line !== "number") {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `${connectionSecretCommand} takes one argument: {textDocument: {uri}, position: {line, character}}`,
      );
    }
    const doc = documents.get(uri);
    if (doc === undefined) {
      throw new ResponseError(ErrorCodes.InvalidParams, `the document ${uri} is not open`);
    }
    const text = doc.getText();
    const kind = kindPosition(text, line);
    if (kind === undefined) {
      return null;
    }
    const hover = call("hover", (m) => m.hover(text, kind), null);
    return hover?.connectionSecret ?? null;
  });

  documents.listen(connection);
}

/**
 * findFinding finds the finding a client's diagnostic stands for: by its
 * data (rule, pointer, document), preferring one at the same range; for a
 * client that dropped the data, by range and message.
 */
function findFinding(findings: Finding[], cd: Diagnostic): Finding | undefined {
  const data = cd.data as Partial<DiagnosticData> | undefined;
  const { start, end } = cd.range;
  const sameRange = ({ range: r }: Finding): boolean =>
    r.start.line === start.line && r.start.character === start.character && r.end.line === end.line && r.end.character === end.character;
  if (typeof data?.rule !== "string") {
    return findings.find((f) => sameRange(f) && f.message === cd.message);
  }
  const named = findings.filter((f) => f.rule === data.rule && f.pointer === data.pointer && f.document === data.document);
  return named.find(sameRange) ?? named[0];
}
