// Builds the extension with esbuild:
//   dist/extension.js      the bundle VS Code loads on the desktop (`main`:
//                          vscode-languageclient inside, the vscode module
//                          left to VS Code);
//   dist/web/extension.js  the bundle vscode.dev loads (`browser`), with
//                          vscode-languageclient/browser;
//   dist/web/server.js     the Web Worker it starts: the language server
//                          over the WebAssembly module;
//   dist/web/mdscheck.wasm the module (`make wasm` builds it into the
//                          repository's dist/; MDSCHECK_WASM names another);
//   out/*.js               the modules that do not import vscode, one file
//                          each, for the unit tests (node --test).
// --production minifies the bundles and drops the source maps.
// scripts/package.mjs calls buildBundles to build into its staging directory.
import * as esbuild from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The WebAssembly module the web extension ships. */
export function wasmPath() {
  const wasm = process.env.MDSCHECK_WASM || join(root, "..", "..", "dist", "mdscheck.wasm");
  if (!existsSync(wasm)) {
    throw new Error(`${wasm} is missing: run \`make wasm\` in the repository root first`);
  }
  return wasm;
}

/** buildBundles writes dist/ (the bundles and the module) into dir. */
export async function buildBundles({ dir = root, production = false } = {}) {
  const wasm = wasmPath();
  const common = { absWorkingDir: root, bundle: true, minify: production, sourcemap: !production, logLevel: "warning" };
  await esbuild.build({
    ...common,
    entryPoints: ["src/extension.ts"],
    outfile: join(dir, "dist", "extension.js"),
    format: "cjs",
    platform: "node",
    target: "node18",
    external: ["vscode"],
  });
  // VS Code's web extension host loads `browser` as CommonJS in a worker.
  await esbuild.build({
    ...common,
    entryPoints: ["src/web/extension.ts"],
    outfile: join(dir, "dist", "web", "extension.js"),
    format: "cjs",
    platform: "browser",
    target: "es2022",
    external: ["vscode"],
  });
  // A classic worker script: VS Code starts extension workers with
  // importScripts, which takes no ES module. The module's default location
  // (import.meta.url, which a classic script lacks) is never used: the
  // worker gets the module's bytes in its first message.
  await esbuild.build({
    ...common,
    entryPoints: ["src/web/server.ts"],
    outfile: join(dir, "dist", "web", "server.js"),
    format: "iife",
    platform: "browser",
    target: "es2022",
    define: { "import.meta.url": "undefined" },
  });
  mkdirSync(join(dir, "dist", "web"), { recursive: true });
  copyFileSync(wasm, join(dir, "dist", "web", "mdscheck.wasm"));
}

/** buildPure writes out/: the modules the unit tests import one by one. */
async function buildPure() {
  const needsVscode = new Set(["extension.ts", "ui.ts"]);
  const pure = readdirSync(join(root, "src"))
    .filter((f) => f.endsWith(".ts") && !needsVscode.has(f))
    .map((f) => join("src", f));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: pure,
    bundle: false,
    outdir: "out",
    format: "cjs",
    platform: "node",
    target: "node18",
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildBundles({ production: process.argv.includes("--production") });
    await buildPure();
  } catch (e) {
    console.error(`build: ${e.message}`);
    process.exit(1);
  }
}
