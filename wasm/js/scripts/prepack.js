// Run by `npm pack` and `npm publish` before they read the files: puts in
// the package what is built or kept elsewhere in the repository, so that
// the tarball is complete on its own. Both copies are ignored by git.

import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import './copy-wasm.js'; // mdscheck.wasm, from `make wasm` (or MDSCHECK_WASM)

// The package is under the repository's licence; npm shows the file, and
// "license" in package.json names it.
copyFileSync(fileURLToPath(new URL('../../../LICENSE', import.meta.url)), fileURLToPath(new URL('../LICENSE', import.meta.url)));

// The licences of the code in the module (Go's runtime, goccy/go-yaml),
// which `make wasm` writes beside it from the dependency tree.
const notices = fileURLToPath(new URL('../../../dist/wasm-THIRD-PARTY-NOTICES', import.meta.url));
if (!existsSync(notices)) {
  console.error(`prepack: ${notices} is missing; run \`make wasm\` at the root of the repository first`);
  process.exit(1);
}
copyFileSync(notices, fileURLToPath(new URL('../THIRD-PARTY-NOTICES', import.meta.url)));
