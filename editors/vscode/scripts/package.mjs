// Packages the extension into a .vsix:
//
//   node scripts/package.mjs [--out FILE] [--target VSCE_TARGET]
//
// The .vsix holds the minified bundles and the WebAssembly module
// (scripts/build.mjs), the manifest, README, CHANGELOG, icon, the
// repository's LICENSE, THIRD-PARTY-NOTICES (the licences of the npm
// packages bundled, of the Go modules in the WebAssembly module and the
// program, written by ../../internal/notices) and, except for the target
// web, the mdscheck program in bin/<platform>-<arch>/ (where src/server.ts looks). The
// program is ../../bin/mdscheck (what `make build` writes) unless
// MDSCHECK_BIN names another. Its platform is the target's, else
// MDSCHECK_PLATFORM (e.g. darwin-arm64), else this machine's.
//
// Everything is copied into a fresh staging directory and vsce packages
// that: what ships is the list below and nothing else (no stale program of
// another platform, no source), and packaging never writes into the
// source tree, so that several can run at once.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildBundles } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(root, "..", "..");
const require = createRequire(import.meta.url);

/** The files of the extension directory that ship, besides dist/ and bin/. */
const shipped = ["package.json", "README.md", "CHANGELOG.md", "images/icon.png"];

/** GOOS/GOARCH of a platform (process.platform-process.arch). */
const goTarget = (platform) => {
  const [os, arch] = platform.split("-");
  return `${os === "win32" ? "windows" : os}/${arch === "x64" ? "amd64" : arch}`;
};

/**
 * writeNotices writes the third-party notices of what the .vsix bundles
 * to file, from the dependency trees (go run ../../internal/notices).
 */
function writeNotices(file, target, platform) {
  const args = ["run", "./internal/notices", "-title", "the mdscheck extension for VS Code", "-o", file, "-npm", "editors/vscode", "-go", "wasip1/wasm:./wasm"];
  if (target !== "web") {
    args.push("-go", `${goTarget(platform)}:./cmd/mdscheck`);
  }
  execFileSync("go", args, { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
}

/** The program's file name on a platform (process.platform-process.arch). */
export const exeOf = (platform) => (platform.startsWith("win32-") ? "mdscheck.exe" : "mdscheck");

/**
 * packageVsix writes the .vsix out for vsce's target (undefined: one that
 * installs anywhere) with program, the mdscheck program of platform, in it;
 * no program for the target web.
 */
export async function packageVsix({ out, target, program, platform }) {
  const license = join(repo, "LICENSE");
  if (!existsSync(license)) {
    throw new Error(`${license} is missing: the .vsix must carry the licence`);
  }
  if (target !== "web" && (!existsSync(program) || !statSync(program).isFile())) {
    throw new Error(`${program} is missing: run \`make build\` in the repository root first (or \`make vsix\`, which does)`);
  }
  const stage = mkdtempSync(join(tmpdir(), "mdscheck-package-"));
  try {
    await buildBundles({ dir: stage, production: true });
    for (const f of shipped) {
      mkdirSync(dirname(join(stage, f)), { recursive: true });
      copyFileSync(join(root, f), join(stage, f));
    }
    copyFileSync(license, join(stage, "LICENSE"));
    writeNotices(join(stage, "THIRD-PARTY-NOTICES"), target, platform);
    // Only for vsce, which warns without one: everything here ships.
    writeFileSync(join(stage, ".vscodeignore"), "# The staging directory of scripts/package.mjs holds only what ships.\n");
    if (target !== "web") {
      const dest = join(stage, "bin", platform, exeOf(platform));
      mkdirSync(dirname(dest), { recursive: true });
      copyFileSync(program, dest);
      chmodSync(dest, 0o755);
    }
    const args = ["package", "--no-dependencies", "--out", resolve(out)];
    if (target) {
      args.push("--target", target);
    }
    // vsce from the workspace's node_modules, found the way node finds
    // packages. It needs no network to package.
    execFileSync(process.execPath, [require.resolve("@vscode/vsce/vsce"), ...args], { cwd: stage, stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const target = opt("--target");
  // vsce's targets and Node's platform-arch agree for every platform a
  // program is built for (linux-x64, darwin-arm64, win32-x64...).
  const platform = process.env.MDSCHECK_PLATFORM || (target && target !== "web" ? target : `${process.platform}-${process.arch}`);
  const program = resolve(process.env.MDSCHECK_BIN || join(repo, "bin", exeOf(platform)));
  const version = require(join(root, "package.json")).version;
  const out = resolve(opt("--out") || join(root, target ? `mdscheck-${target}-${version}.vsix` : `mdscheck-${version}.vsix`));
  try {
    await packageVsix({ out, target, program, platform });
    console.log(`package: ${out}`);
  } catch (e) {
    console.error(`package: ${e.message}`);
    process.exit(1);
  }
}
