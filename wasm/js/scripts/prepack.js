// Run by `npm pack` and `npm publish` before they read the files: puts in
// the package what is built or kept elsewhere in the repository, so that
// the tarball is complete on its own. Both copies are ignored by git.

import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import './copy-wasm.js'; // mdscheck.wasm, from `make wasm` (or MDSCHECK_WASM)

// The package is under the repository's licence; npm shows the file, and
// "license" in package.json names it.
copyFileSync(fileURLToPath(new URL('../../../LICENSE', import.meta.url)), fileURLToPath(new URL('../LICENSE', import.meta.url)));
