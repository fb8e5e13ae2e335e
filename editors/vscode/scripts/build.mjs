// Builds the extension with esbuild:
//   dist/extension.js  the bundle VS Code loads (vscode-languageclient inside,
//                      the vscode module left to VS Code);
//   out/*.js           the modules that do not import vscode, one file each,
//                      for the unit tests (node --test).
// --production minifies the bundle and drops the source map.
import * as esbuild from "esbuild";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const production = process.argv.includes("--production");

await esbuild.build({
  absWorkingDir: root,
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  format: "cjs",
  platform: "node",
  target: "node18",
  external: ["vscode"],
  minify: production,
  sourcemap: !production,
  logLevel: "warning",
});

const pure = readdirSync(join(root, "src"))
  .filter((f) => f.endsWith(".ts") && f !== "extension.ts")
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
