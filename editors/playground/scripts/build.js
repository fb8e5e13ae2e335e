// Builds the playground into dist/: the page, the bundled scripts (esbuild),
// the examples of the repository (read now, from examples/*.yaml) and the
// WebAssembly module (dist/mdscheck.wasm of the repository, or the file
// named by MDSCHECK_WASM). Run from anywhere: `npm run build`.
// scripts/dist.js builds the same page for static hosts.

import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { basename, join } from 'node:path';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../');
const repo = here('../../../');

// Order: the broken example first (it shows what the checker does), then
// the others by name. The title is the first comment line of the file.
export function readExamples(dir = join(repo, 'examples')) {
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
  const examples = files.map((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    const name = basename(f).replace(/\.ya?ml$/, '');
    const kind = /^kind:\s*(\S+)/m.exec(text)?.[1];
    const title = name === 'broken' ? 'Broken: mistakes in every kind' : kind ? `${kind} (${name}.yaml)` : `${name}.yaml`;
    return { name, title, text };
  });
  return examples.sort((a, b) => (a.name === 'broken' ? -1 : b.name === 'broken' ? 1 : a.name.localeCompare(b.name)));
}

const examplesPlugin = {
  name: 'examples',
  setup(b) {
    b.onResolve({ filter: /^virtual:examples$/ }, () => ({ path: 'examples', namespace: 'examples' }));
    b.onLoad({ filter: /.*/, namespace: 'examples' }, () => ({
      contents: JSON.stringify(readExamples()),
      loader: 'json',
      watchDirs: [join(repo, 'examples')],
    }));
  },
};

/**
 * Builds the page into out (emptied first) and returns out.
 * sourcemap: the .map files beside the scripts, for the browser's tools.
 */
export async function buildPlayground({ minify = true, out = join(root, 'dist'), sourcemap = true } = {}) {
  const wasm = process.env.MDSCHECK_WASM || join(repo, 'dist', 'mdscheck.wasm');
  if (!existsSync(wasm)) {
    throw new Error(`${wasm} is missing; run \`make wasm\` at the root of the repository first`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    absWorkingDir: root,
    // boot.js starts the worker and the first check; main.js is the
    // editor (see src/boot.js). Each bundle stands alone.
    entryPoints: { boot: 'src/boot.js', main: 'src/main.js', worker: 'src/worker.js' },
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    minify,
    sourcemap,
    legalComments: 'linked',
    plugins: [examplesPlugin],
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'index.html'), join(out, 'index.html'));
  copyFileSync(join(root, 'style.css'), join(out, 'style.css'));
  copyFileSync(wasm, join(out, 'mdscheck.wasm'));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const dir = await buildPlayground();
    console.log(`playground built in ${dir}`);
  } catch (e) {
    console.error('build:', e.message);
    process.exit(1);
  }
}
