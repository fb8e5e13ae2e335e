// Builds the playground for any static web host (`make playground-dist`):
// the page of scripts/build.js, without source maps, and beside every file
// its brotli (.br) and gzip (.gz) forms, for servers that send a
// compressed file in place of the plain one when the browser accepts it
// (nginx's brotli_static and gzip_static, Caddy's precompressed,
// scripts/serve.js). Every URL in the page is relative, so the folder
// works at any path of a site. README.md says what a host must set.
// THIRD-PARTY-NOTICES holds the licences of the code the page bundles
// (CodeMirror, Lezer, Go's runtime, goccy/go-yaml, ...), written from the
// dependency trees by the repository's internal/notices.
//
//   node scripts/dist.js [OUT]    (default: dist/playground of the repository)

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildPlayground } from './build.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const repo = fileURLToPath(new URL('../../../', import.meta.url));
export const defaultOut = fileURLToPath(new URL('../../../dist/playground', import.meta.url));

/**
 * Builds into out and compresses every file; resolves to out.
 * brotliQuality: 11, the densest, takes 6 s for the module on one core
 * and saves 12% over 9 (845 KB against 957 KB); the tests ask for less.
 */
export async function buildDist({ out = defaultOut, brotliQuality = constants.BROTLI_MAX_QUALITY } = {}) {
  await buildPlayground({ out, sourcemap: false });
  execFileSync('go', ['run', './internal/notices', '-title', 'the mdscheck playground', '-go', 'wasip1/wasm:./wasm',
    '-npm', 'editors/playground', '-o', join(out, 'THIRD-PARTY-NOTICES')], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  // zlib works on its thread pool: the files compress side by side.
  await Promise.all(readdirSync(out).map(async (name) => {
    const file = join(out, name);
    const data = readFileSync(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipped);
  }));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const out = await buildDist({ out: process.argv[2] ? resolve(process.argv[2]) : defaultOut });
    console.log(`playground for static hosts in ${out}`);
  } catch (e) {
    console.error('dist:', e.message);
    process.exit(1);
  }
}
