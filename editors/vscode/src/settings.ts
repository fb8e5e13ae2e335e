// The extension's settings and what of them goes to the server. This
// module does not import vscode, so that it can be tested with node --test.

/** How members the schema does not know are reported. */
export type UnknownFields = "error" | "warning" | "off";

/** The settings the server reads under the section "mdscheck" (lsp/settings.go). */
export interface ServerSettings {
  enable: boolean;
  /**
   * Sent only when the user set it: unset, the repository's
   * .mdscheck.yaml decides (docs/configuration.md), so the extension must
   * not send a default that would override it.
   */
  unknownFields?: UnknownFields;
  /** The git revision an open file is compared with, or "off". */
  previous?: string;
}

/** The defaults, the same as the server's and package.json's. */
export const defaults: ServerSettings = { enable: true };

/** Reads one setting of the "mdscheck" section, like vscode.WorkspaceConfiguration.get. */
export type Getter = (key: string) => unknown;

/**
 * unset says whether a value means "not set", the default: undefined,
 * null, or "", which is what VS Code hands over for a string setting
 * without a default in package.json (unknownFields) that nobody set.
 * lsp/settings.go reads "" and null the same way.
 */
function unset(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * serverSettings returns the settings to send to the server. A value of
 * the wrong type (settings.json is hand-edited) falls back to the default
 * rather than being sent for the server to reject; the names of such
 * settings come back in problems so the user hears of them.
 */
export function serverSettings(get: Getter): { settings: ServerSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: ServerSettings = { ...defaults };
  const enable = get("enable");
  if (typeof enable === "boolean") {
    settings.enable = enable;
  } else if (!unset(enable)) {
    problems.push("mdscheck.enable must be true or false");
  }
  const unknown = get("unknownFields");
  if (unknown === "error" || unknown === "warning" || unknown === "off") {
    settings.unknownFields = unknown;
  } else if (!unset(unknown)) {
    problems.push('mdscheck.unknownFields must be "error", "warning" or "off"');
  }
  const previous = get("previous");
  if (typeof previous === "string" && previous.trim() !== "") {
    settings.previous = previous.trim();
  } else if (!unset(previous)) {
    problems.push('mdscheck.previous must be a git revision (such as "HEAD") or "off"');
  }
  return { settings, problems };
}

/**
 * The settings that need a new server process when they change. (The
 * client reads mdscheck.trace.server itself, from its id "mdscheck".)
 */
export const restartKeys = ["mdscheck.server.path"];
