// Packages the extension for the Marketplace: one .vsix per platform,
// each with the mdscheck program cross-compiled for it, and one for the
// web (vscode.dev, github.dev), which runs the WebAssembly module instead.
//
//   node scripts/package-all.mjs [--out-dir DIR] [--targets linux-x64,web,...]
//
// Writes DIR/mdscheck-<target>-<version>.vsix (DIR defaults to vsix/). The
// programs are built from the repository with Go (CGO_ENABLED=0, so no C
// toolchain of the target is needed) and stamped with VERSION, else `git
// describe`, as `make build` does.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { exeOf, packageVsix } from "./package.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(root, "..", "..");

/** vsce's targets with Go's names of the same platform; web has no program. */
export const targets = [
  { target: "linux-x64", goos: "linux", goarch: "amd64" },
  { target: "linux-arm64", goos: "linux", goarch: "arm64" },
  { target: "darwin-x64", goos: "darwin", goarch: "amd64" },
  { target: "darwin-arm64", goos: "darwin", goarch: "arm64" },
  { target: "win32-x64", goos: "windows", goarch: "amd64" },
  { target: "web" },
];

function programVersion() {
  if (process.env.VERSION) {
    return process.env.VERSION;
  }
  try {
    return execFileSync("git", ["describe", "--tags", "--always", "--dirty"], { cwd: repo, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "dev";
  }
}

/**
 * packageAll writes the .vsix of each of the targets named (all by
 * default) into outDir and returns their paths by target.
 */
export async function packageAll({ outDir = join(root, "vsix"), only } = {}) {
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  const chosen = only ? targets.filter((t) => only.includes(t.target)) : targets;
  const unknown = (only ?? []).filter((n) => !targets.some((t) => t.target === n));
  if (unknown.length > 0) {
    throw new Error(`unknown target ${unknown.join(", ")}; known: ${targets.map((t) => t.target).join(", ")}`);
  }
  mkdirSync(outDir, { recursive: true });
  const programs = mkdtempSync(join(tmpdir(), "mdscheck-programs-"));
  const ldflags = `-s -w -X main.version=${programVersion()}`;
  const written = {};
  try {
    for (const { target, goos, goarch } of chosen) {
      let program;
      if (goos) {
        program = join(programs, target, exeOf(target));
        const env = { ...process.env, CGO_ENABLED: "0", GOOS: goos, GOARCH: goarch };
        execFileSync("go", ["build", "-trimpath", "-ldflags", ldflags, "-o", program, "./cmd/mdscheck"], { cwd: repo, env, stdio: "inherit" });
      }
      const out = join(outDir, `mdscheck-${target}-${version}.vsix`);
      await packageVsix({ out, target, program, platform: target });
      written[target] = out;
      console.log(`package: ${out}`);
    }
  } finally {
    rmSync(programs, { recursive: true, force: true });
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  try {
    const outDir = opt("--out-dir") ? resolve(opt("--out-dir")) : undefined;
    await packageAll({ outDir, only: opt("--targets")?.split(",") });
  } catch (e) {
    console.error(`package-all: ${e.message}`);
    process.exit(1);
  }
}
