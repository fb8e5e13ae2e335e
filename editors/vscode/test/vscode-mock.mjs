// A stand-in for the vscode module, for loading dist/extension.js in Node:
// VS Code itself cannot be downloaded on the machines the tests run on.
// It implements what the extension calls and records what it showed;
// anything else the bundled vscode-languageclient reaches for is a no-op.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import Module from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** A no-op that accepts any call, construction or member access. */
function anything() {
  const f = function () {};
  return new Proxy(f, {
    get: (t, p) => (p === "then" ? undefined : p === "dispose" ? () => {} : anything()),
    apply: () => ({ dispose() {} }),
    construct: () => anything(),
  });
}

/** A vscode.Uri of a file: what an extension's context.extensionUri is on a disk. */
export function fileUri(path) {
  return { scheme: "file", path, fsPath: path, toString: () => pathToFileURL(path).href };
}

class Base {
  constructor(...args) {
    this.args = args;
  }
}

/**
 * loadExtension loads a fresh copy of the bundle (dist/extension.js unless
 * bundle names another) against a mock vscode with the given settings,
 * editor and command results. It returns the module and what the mock
 * recorded: `shown` lists every message shown.
 */
export function loadExtension({ config = {}, editor, commandResults = {}, quickPick, bundle } = {}) {
  const shown = [];
  const commands = new Map();
  const executed = [];
  const statusItems = [];
  const clipboard = { text: "" };
  const channels = [];
  const disposable = { dispose() {} };
  const message = (level) => (text, ...items) => {
    shown.push({ level, text, items });
    return Promise.resolve(undefined);
  };
  const vscode = {
    version: "1.82.0",
    CompletionItem: Base,
    CodeLens: Base,
    DocumentLink: Base,
    CodeAction: Base,
    Diagnostic: Base,
    CallHierarchyItem: Base,
    TypeHierarchyItem: Base,
    SymbolInformation: Base,
    InlayHint: Base,
    CancellationError: class extends Error {},
    Disposable: class {
      static from() {
        return disposable;
      }
      dispose() {}
    },
    Position: class {
      constructor(line, character) {
        this.line = line;
        this.character = character;
      }
    },
    LanguageStatusSeverity: { Information: 0, Warning: 1, Error: 2 },
    window: {
      createOutputChannel: (name) => {
        const channel = { name, lines: [], appendLine: (l) => channel.lines.push(l), append: (t) => channel.lines.push(t), show() {}, dispose() {} };
        channels.push(channel);
        return new Proxy(channel, { get: (t, p) => (p in t ? t[p] : anything()) });
      },
      showErrorMessage: message("error"),
      showWarningMessage: message("warning"),
      showInformationMessage: message("info"),
      showQuickPick: (items, options) => {
        shown.push({ level: "quickPick", items, options });
        return Promise.resolve(quickPick ? quickPick(items) : undefined);
      },
      setStatusBarMessage: (text) => {
        shown.push({ level: "status", text });
        return disposable;
      },
      activeTextEditor: editor,
    },
    languages: {
      createLanguageStatusItem: (id, selector) => {
        const item = { id, selector, dispose() {} };
        statusItems.push(item);
        return item;
      },
    },
    commands: {
      registerCommand: (name, fn) => {
        commands.set(name, fn);
        return disposable;
      },
      executeCommand: (name, ...args) => {
        executed.push({ name, args });
        const r = commandResults[name];
        return Promise.resolve(typeof r === "function" ? r(...args) : r);
      },
    },
    Uri: {
      file: fileUri,
      joinPath: (base, ...parts) => fileUri(join(base.fsPath, ...parts)),
    },
    workspace: {
      fs: { readFile: async (uri) => new Uint8Array(await readFile(uri.fsPath)) },
      getConfiguration: () => ({ get: (k) => config[k] }),
      onDidChangeConfiguration: () => disposable,
      workspaceFolders: undefined,
    },
    env: { appName: "Visual Studio Code (mock)", language: "en", uiKind: 1, clipboard: { writeText: (t) => ((clipboard.text = t), Promise.resolve()) } },
  };
  const fallback = (o) => new Proxy(o, { get: (t, p) => (p in t ? t[p] : anything()) });
  for (const ns of ["window", "languages", "commands", "workspace", "env", "Uri"]) {
    vscode[ns] = fallback(vscode[ns]);
  }
  const mock = fallback(vscode);

  bundle = require.resolve(bundle ?? "../dist/extension.js");
  delete require.cache[bundle];
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === "vscode" ? mock : load.call(this, request, ...rest);
  };
  try {
    const extension = require(bundle);
    // output() is every line written to the channels (ours and the client's).
    const output = () => channels.flatMap((c) => c.lines);
    return { extension, shown, commands, executed, statusItems, clipboard, output };
  } finally {
    Module._load = load;
  }
}

/** A mock editor on text with the cursor on line. */
export function editorOn(text, line, languageId = "yaml") {
  return {
    document: { languageId, uri: { fsPath: "/m.yaml", toString: () => "file:///m.yaml" }, getText: () => text },
    selection: { active: { line, character: 0 } },
  };
}
