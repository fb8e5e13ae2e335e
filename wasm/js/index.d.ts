// Types of @mdscheck/wasm: the mdscheck WebAssembly module (ABI version 1)
// for browsers, Web Workers and Node 20+.

/** The ABI version this package speaks. */
export declare const ABI_VERSION: 1;

/** How `character` in positions and ranges counts. LSP's default is UTF-16, as JavaScript strings count. */
export type PositionEncoding = 'utf-16' | 'utf-8' | 'utf-32';

/** A place in the text: 0-based line and 0-based character in the chosen encoding. */
export interface Position {
  line: number;
  character: number;
}

/** A range of text; `end` is exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

/** One YAML document of the stream (every `---` starts one, empty ones too). */
export interface DocumentInfo {
  index: number;
  apiVersion?: string;
  kind?: string;
  name?: string;
  /** true when the document is one of ours (apiVersion example.io/v1alpha1) and was checked. */
  checked: boolean;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

/** A quick fix: edits that repair the finding. */
export interface Fix {
  title: string;
  edits: TextEdit[];
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** One finding, as in the `diagnostics` of `mdscheck validate --format json`. */
export interface Diagnostic {
  /** 0-based index of the document; -1 for a finding that belongs to no document (a syntax error between documents, a deletion). */
  document: number;
  severity: Severity;
  /** Stable rule code, for example `type`, `enum`, `unknown-field`, `yaml-syntax`. */
  rule: string;
  /** Kubernetes-style field path: `spec.technicalEmails[0].email`. */
  path: string;
  /** RFC 6901 JSON Pointer of the same place: `/spec/technicalEmails/0/email`. */
  pointer: string;
  message: string;
  range: Range;
  fixes?: Fix[];
  /** true for a deprecated member (editors strike it through). */
  deprecated?: boolean;
}

/** The result of `validate`: one entry of the CLI's `files` array without `path`. */
export interface ValidateResult {
  documents: DocumentInfo[];
  diagnostics: Diagnostic[];
  /**
   * The ranges of the text that hold secret values: members the schema
   * marks secret (passwords, tokens, `client_secret`, keys...) and values
   * that share an anchor with one. In order, without overlaps; absent when
   * there are none. In a document that does not parse, a cautious guess by
   * key name. Replace them before the text leaves the user's hands (a
   * link, a log line, an issue).
   */
  secrets?: Range[];
}

/**
 * The result of `validateChange`: `validate` of the current text with the
 * lifecycle findings of the change from the previous text merged in
 * (rules `immutable`, `restart`, `disk-space`, `transition` on the changed
 * member; `deletion`, for a resource that is gone, on the first line with
 * `document` -1), and what the change does to the resources.
 */
export interface ValidateChangeResult extends ValidateResult {
  /** Resources of the current text with no previous version. */
  created: number;
  /** Resources of both texts whose manifest differs. */
  changed: number;
  /** Resources of the previous text that are gone. */
  deleted: number;
  /** The secrets of the previous text, as `secrets` are of the current one; absent when there are none. */
  previousSecrets?: Range[];
}

/** A text of a set, named as the host shows it (a path, a tab's title); names are unique in a set. */
export interface NamedText {
  name: string;
  text: Text;
}

/**
 * One text's result of `validateSet`: `validate` of the text with its name,
 * and merged into `diagnostics` what crosses the set (rules
 * `secret-conflict`, `secret-key`, `secret-prefix`). Every result passes
 * the secrets of the whole set: no secret of one text shows in another's.
 */
export interface NamedResult extends ValidateResult {
  name: string;
}

export interface MarkupContent {
  kind: 'markdown' | 'plaintext';
  value: string;
}

/** LSP CompletionItemKind. */
export type CompletionItemKind = number;

/** An LSP CompletionItem. */
export interface CompletionItem {
  label: string;
  kind: CompletionItemKind;
  detail?: string;
  documentation?: MarkupContent;
  sortText?: string;
  filterText?: string;
  insertText?: string;
  /** 1 plain text, 2 snippet (`${1:placeholder}`, `$0`). */
  insertTextFormat?: 1 | 2;
  textEdit?: TextEdit;
  /** 1: deprecated. */
  tags?: number[];
}

/** An LSP Hover. */
export interface Hover {
  contents: MarkupContent;
  range?: Range;
  /**
   * On the members that name the connection Secret (kind, metadata.name,
   * spec.connInfoSecretTarget): that Secret as data, the same fields as
   * the language server's command mdscheck.connectionSecret answers.
   */
  connectionSecret?: ConnectionSecret;
}

/** The connection Secret the service writes for a manifest. It names keys, never values. */
export interface ConnectionSecret {
  kind: string;
  /** Empty when nameHidden. */
  name: string;
  /** The name is also a secret value (through an anchor), which no answer shows. */
  nameHidden?: boolean;
  /** The manifest's metadata.namespace, where the Secret is written, when it names one. */
  namespace?: string;
  /** No Secret is created (spec.connInfoSecretTargetDisabled: true); keys is empty. */
  disabled: boolean;
  /** The prefixed key names, in the specification's order. */
  keys: string[];
}

export interface CallOptions {
  /** Position encoding of this call; default: the one given to `load`. */
  encoding?: PositionEncoding;
}

export interface LoadOptions {
  /** Position encoding of every call; default `utf-16`. */
  encoding?: PositionEncoding;
  /** Receives lines the module writes to stdout/stderr (only a crash report); default console.warn. */
  log?: (line: string) => void;
}

/** Text to check: a string, or its UTF-8 bytes. */
export type Text = string | Uint8Array;

/**
 * A loaded module. Calls are synchronous and not re-entrant: use one
 * instance per thread (a Web Worker has its own).
 */
export interface Mdscheck {
  readonly abiVersion: number;
  /** Checks every document of the text. */
  validate(text: Text, options?: CallOptions): ValidateResult;
  /**
   * Checks the text as `validate` does and compares it with its previous
   * version (resources pair by kind, namespace and name): what the
   * specification's lifecycle rules say about the change.
   */
  validateChange(previous: Text, text: Text, options?: CallOptions): ValidateChangeResult;
  /**
   * Checks a set of texts together, as `mdscheck validate` checks the files
   * of a run: each as `validate` does, plus the connection Secrets that
   * resources of any text write and workloads of any text read. One result
   * per text, in the order given.
   */
  validateSet(texts: NamedText[], options?: CallOptions): NamedResult[];
  /** What may be written at the position: keys, values, snippets. Works on text that does not parse. */
  complete(text: Text, position: Position, options?: CallOptions): CompletionItem[];
  /** Documentation of the member under the position, or null. */
  hover(text: Text, position: Position, options?: CallOptions): Hover | null;
  /** Size of the module's linear memory in bytes. */
  memorySize(): number;
}

/** The module answered with an error, refused a buffer, or crashed (then the instance is unusable). */
export declare class MdscheckError extends Error {
  name: 'MdscheckError';
}

/**
 * Loads and starts the module. `source` is a URL (string or URL; in Node
 * also a file path), a fetch Response, the module's bytes or a compiled
 * WebAssembly.Module. Without it, the mdscheck.wasm shipped in this package.
 */
export declare function load(
  source?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | ArrayBufferView | WebAssembly.Module,
  options?: LoadOptions,
): Promise<Mdscheck>;
