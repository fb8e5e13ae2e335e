// The connection Secret of the manifest under the cursor. The language
// server answers it as data: the command mdscheck.connectionSecret
// (lsp/secret.go), which readSecret reads. The server of the web extension
// runs on the WebAssembly module, which gives the Secret as data with its
// hover on `kind` (connectionSecret): that server finds the key
// (kindPosition). This module does not import vscode, so that it can be
// tested with node --test.

/** The command of the language server that answers the connection Secret. */
export const connectionSecretCommand = "mdscheck.connectionSecret";

/** A zero-based line and character, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

/** The connection Secret of one manifest: names of keys, never values. */
export interface Secret {
  /** No Secret is created (spec.connInfoSecretTargetDisabled: true). */
  disabled: boolean;
  /** Empty when nameHidden. */
  name: string;
  /** The name is also a secret value (through an anchor) and is not shown. */
  nameHidden?: boolean;
  /** metadata.namespace of the manifest, where the Secret is written, if it names one. */
  namespace?: string;
  keys: string[];
}

/**
 * readSecret reads the answer of the command mdscheck.connectionSecret:
 * undefined for null (no manifest of a kind mdscheck checks) or an answer
 * of another shape.
 */
export function readSecret(answer: unknown): Secret | undefined {
  if (answer === null || typeof answer !== "object") {
    return undefined;
  }
  const a = answer as Record<string, unknown>;
  const keys = a.keys;
  if (typeof a.name !== "string" || typeof a.disabled !== "boolean" || !Array.isArray(keys) || !keys.every((k) => typeof k === "string")) {
    return undefined;
  }
  const s: Secret = { disabled: a.disabled, name: a.name, keys };
  if (a.nameHidden === true) {
    s.nameHidden = true;
  }
  if (typeof a.namespace === "string" && a.namespace !== "") {
    s.namespace = a.namespace;
  }
  return s;
}

/** describeSecret names the Secret for a title: its namespace and name, or why the name is not shown. */
export function describeSecret(s: Secret): string {
  if (s.nameHidden === true) {
    return "(its name is a secret value here, not shown)";
  }
  return s.namespace === undefined ? s.name : `${s.namespace}/${s.name}`;
}

const docStart = /^---(\s|$)/;
const docEnd = /^\.\.\.(\s|$)/;
const boundary = (l: string): boolean => docStart.test(l) || docEnd.test(l);
const kindKey = /^(kind|"kind"|'kind')\s*:/;

/**
 * kindPosition returns where the top-level `kind` key is in the YAML
 * document (of a stream separated by ---) that holds line, or undefined
 * when that document has none.
 */
export function kindPosition(text: string, line: number): Position | undefined {
  const lines = text.split(/\r?\n|\r/);
  if (line < 0) {
    return undefined;
  }
  line = Math.min(line, lines.length - 1);
  // A --- line belongs to the document it starts, a ... line to the one
  // it ends.
  let start = line;
  if (docStart.test(lines[line])) {
    start = line + 1;
  } else {
    if (docEnd.test(lines[line])) {
      start = line - 1;
    }
    while (start > 0 && !boundary(lines[start - 1])) {
      start--;
    }
  }
  for (let i = Math.max(start, 0); i < lines.length && !boundary(lines[i]); i++) {
    if (kindKey.test(lines[i])) {
      return { line: i, character: 0 };
    }
  }
  return undefined;
}

