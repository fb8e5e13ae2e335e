// Packages the extension into a .vsix with the mdscheck program for this
// platform inside (bin/<platform>-<arch>/mdscheck, where src/server.ts looks).
//
//   node scripts/package.mjs [--out FILE] [--target VSCE_TARGET]
//
// The program is ../../bin/mdscheck (what `make build` writes) unless
// MDSCHECK_BIN names another; MDSCHECK_PLATFORM (e.g. darwin-arm64) files
// it for another platform when cross-packaging. Run scripts/build.mjs
// first (npm run package does).
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const platform = process.env.MDSCHECK_PLATFORM || `${process.platform}-${process.arch}`;
const exe = platform.startsWith("win32-") ? "mdscheck.exe" : "mdscheck";
const program = resolve(process.env.MDSCHECK_BIN || join(root, "..", "..", "bin", exe));
if (!existsSync(program) || !statSync(program).isFile()) {
  console.error(`package: ${program} is missing: run \`make build\` in the repository root first (or \`make vsix\`, which does)`);
  process.exit(1);
}
if (!existsSync(join(root, "dist", "extension.js"))) {
  console.error("package: dist/extension.js is missing: run `npm run build` first");
  process.exit(1);
}

// Only this platform's program: a stale one from another build must not ship.
rmSync(join(root, "bin"), { recursive: true, force: true });
const dest = join(root, "bin", platform);
mkdirSync(dest, { recursive: true });
copyFileSync(program, join(dest, exe));
chmodSync(join(dest, exe), 0o755);

const version = createRequire(import.meta.url)(join(root, "package.json")).version;
const out = resolve(opt("--out") || join(root, `mdscheck-${version}.vsix`));
const vsceArgs = ["package", "--no-dependencies", "--skip-license", "--out", out];
const target = opt("--target");
if (target) {
  vsceArgs.push("--target", target);
}
// vsce from the workspace's node_modules, found the way node finds packages.
const vsce = createRequire(import.meta.url).resolve("@vscode/vsce/vsce");
execFileSync(process.execPath, [vsce, ...vsceArgs], { cwd: root, stdio: "inherit" });
console.log(`package: ${out}`);
