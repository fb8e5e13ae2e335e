// Where the language server program is. This module does not import
// vscode, so that it can be tested with node --test.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Where a server program was found. */
export type Source = "setting" | "bundled" | "PATH";

/** One place that was looked at, for the message when none fits. */
export interface Attempt {
  source: Source;
  /** The file looked at, or the directories of PATH. */
  where: string;
  /** Why it was not used; empty when it was. */
  reason: string;
}

/** What findServer looks at; everything from outside is passed in. */
export interface LookupInput {
  /** mdscheck.server.path as the user wrote it; empty or undefined when unset. */
  configuredPath?: string;
  /** The directory the extension is installed in. */
  extensionPath: string;
  /** The first workspace folder, for a relative configuredPath. */
  workspaceFolder?: string;
  /** process.platform and process.arch. */
  platform: string;
  arch: string;
  /** The environment: PATH (Path on Windows), HOME (USERPROFILE). */
  env: Record<string, string | undefined>;
  /** Whether path is a file this process may run; defaults to the file system. */
  isExecutable?: (path: string) => boolean;
}

/** The result: the program to run, or every place that was tried. */
export type Lookup =
  | { found: true; command: string; source: Source; tried: Attempt[] }
  | { found: false; tried: Attempt[]; message: string };

/** The directory of the bundled program inside the extension, e.g. bin/linux-x64. */
export function bundledDir(platform: string, arch: string): string {
  return `${platform}-${arch}`;
}

/** The file name of the program on a platform. */
export function exeName(platform: string): string {
  return platform === "win32" ? "mdscheck.exe" : "mdscheck";
}

/**
 * findServer decides which mdscheck program runs the language server:
 *
 *  1. mdscheck.server.path, when set. A user who names a program means
 *     that one (a development build, a newer release): it wins over the
 *     bundled program. When the file is not there we say so and stop
 *     rather than quietly run another version.
 *  2. The program shipped in the extension for this platform and
 *     architecture (bin/<platform>-<arch>/mdscheck): the version the
 *     extension was tested with.
 *  3. mdscheck on PATH, for platforms the extension ships no program for
 *     (go install puts it there).
 */
export function findServer(input: LookupInput): Lookup {
  const isExec = input.isExecutable ?? isExecutableFile;
  const tried: Attempt[] = [];
  const configured = (input.configuredPath ?? "").trim();
  if (configured !== "") {
    const file = resolveConfigured(configured, input);
    if (isExec(file)) {
      tried.push({ source: "setting", where: file, reason: "" });
      return { found: true, command: file, source: "setting", tried };
    }
    tried.push({ source: "setting", where: file, reason: "no executable file there" });
    return {
      found: false,
      tried,
      message:
        `mdscheck: the setting mdscheck.server.path names ${file}, but there is no program there. ` +
        `Correct the setting, or clear it to use the program shipped with the extension or mdscheck on PATH.`,
    };
  }
  tried.push({ source: "setting", where: "mdscheck.server.path", reason: "not set" });

  const bundled = path.join(input.extensionPath, "bin", bundledDir(input.platform, input.arch), exeName(input.platform));
  if (isExec(bundled)) {
    tried.push({ source: "bundled", where: bundled, reason: "" });
    return { found: true, command: bundled, source: "bundled", tried };
  }
  tried.push({
    source: "bundled",
    where: bundled,
    reason: `this copy of the extension ships no program for ${input.platform}-${input.arch}`,
  });

  const dirs = pathDirs(input.env, input.platform);
  for (const dir of dirs) {
    // Only mdscheck.exe on Windows, not PATHEXT's .cmd or .bat: Node runs
    // those only through a shell, and go install makes an .exe.
    const file = path.join(dir, exeName(input.platform));
    if (isExec(file)) {
      tried.push({ source: "PATH", where: file, reason: "" });
      return { found: true, command: file, source: "PATH", tried };
    }
  }
  tried.push({ source: "PATH", where: dirs.join(path.delimiter) || "(PATH is empty)", reason: "no mdscheck there" });
  return {
    found: false,
    tried,
    message:
      "mdscheck: no language server program found. The extension ships none for " +
      `${input.platform}-${input.arch} and there is no mdscheck on PATH. Install it with ` +
      "`go install ./cmd/mdscheck` in a clone of https://github.com/mdscheck/mdscheck`, or set mdscheck.server.path.",
  };
}

/** Expands ~ and resolves a relative path against the workspace folder (or the home directory). */
function resolveConfigured(p: string, input: LookupInput): string {
  const home = input.env.HOME ?? input.env.USERPROFILE ?? os.homedir();
  if (p === "~") {
    return home;
  }
  if (p.startsWith("~/") || p.startsWith("~\\")) {
    return path.join(home, p.slice(2));
  }
  if (path.isAbsolute(p)) {
    return path.normalize(p);
  }
  return path.resolve(input.workspaceFolder ?? home, p);
}

/** The directories of PATH, in order, empty entries dropped. */
function pathDirs(env: Record<string, string | undefined>, platform: string): string[] {
  // Windows spells it Path; node's process.env ignores case there, a
  // plain object does not.
  const value = env.PATH ?? env.Path ?? "";
  const sep = platform === "win32" ? ";" : ":";
  return value.split(sep).filter((d) => d !== "");
}

/** Whether file is a regular file that this process may execute. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * ensureExecutable gives the bundled program its execute bits back when an
 * unpacker dropped them (some zip tools do); it returns whether the file
 * can run now. Failures are not errors: the lookup then goes on to PATH.
 */
export function ensureExecutable(file: string): boolean {
  if (isExecutableFile(file)) {
    return true;
  }
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    fs.chmodSync(file, 0o755);
  } catch {
    return false;
  }
  return isExecutableFile(file);
}

/** Describes the attempts, one line each, for the log. */
export function describe(tried: Attempt[]): string {
  return tried
    .map((a) => (a.reason === "" ? `${a.source}: using ${a.where}` : `${a.source}: ${a.where}: ${a.reason}`))
    .join("\n");
}
