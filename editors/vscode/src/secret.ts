// The connection Secret of the manifest under the cursor. The server tells
// it in its hover on `kind` (core/lang/hover.go); this module finds that
// key and reads the answer. It does not import vscode, so that it can be
// tested with node --test.

/** A zero-based line and character, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

/** The connection Secret of one manifest. */
export interface Secret {
  /** No Secret is created (spec.connInfoSecretTargetDisabled: true). */
  disabled: boolean;
  name: string;
  keys: string[];
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

/**
 * parseSecret reads the connection Secret from the markdown of the
 * server's hover on `kind`; undefined when the hover says nothing about
 * it (a document of another apiVersion, or an unknown kind).
 */
export function parseSecret(markdown: string): Secret | undefined {
  if (markdown.includes("No connection Secret is created")) {
    return { disabled: true, name: "", keys: [] };
  }
  const m = /Connection Secret `([^`\n]*)` with keys:\r?\n((?:[-*] `[^`\n]*`[^\n]*(?:\r?\n|$))*)/.exec(markdown);
  if (m === null) {
    return undefined;
  }
  const keys = [...m[2].matchAll(/^[-*] `([^`\n]*)`/gm)].map((k) => k[1]);
  return { disabled: false, name: m[1], keys };
}

/** The markdown text of an LSP or VS Code hover's contents, whatever their shape. */
export function hoverText(contents: unknown): string {
  if (typeof contents === "string") {
    return contents;
  }
  if (Array.isArray(contents)) {
    return contents.map(hoverText).join("\n");
  }
  if (contents !== null && typeof contents === "object" && "value" in contents) {
    const v = contents.value;
    return typeof v === "string" ? v : "";
  }
  return "";
}
