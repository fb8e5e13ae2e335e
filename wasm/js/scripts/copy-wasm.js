// Puts the module built by `make wasm` (dist/mdscheck.wasm at the root of
// the repository, or the file named by MDSCHECK_WASM) into the package, so
// that load() without arguments finds it and `npm pack` ships it.

import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = process.env.MDSCHECK_WASM || fileURLToPath(new URL('../../../dist/mdscheck.wasm', import.meta.url));
const to = fileURLToPath(new URL('../mdscheck.wasm', import.meta.url));

if (!existsSync(from)) {
  console.error(`copy-wasm: ${from} is missing; run \`make wasm\` at the root of the repository first`);
  process.exit(1);
}
copyFileSync(from, to);
