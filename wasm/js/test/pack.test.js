// The package as npm publishes it: the release sets the version
// (`npm version --no-git-tag-version`), `npm pack` runs prepack and makes
// the tarball, and a project of a user installs that tarball and checks a
// manifest with it, in Node, far from this repository.
//
// The package is packed from a copy laid out like the repository
// (LICENSE and dist/mdscheck.wasm where prepack looks for them), so that
// setting the version leaves this checkout alone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load } from '@mdscheck/wasm';

const run = promisify(execFile);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const pkgDir = here('../');
const repo = here('../../../');
const VERSION = '1.2.3';

// npm hands its scripts the settings of the run that started them (the
// workspace's prefix among them); the npm started here must see a project
// of its own, with the user's cache and registry settings only. Without
// MDSCHECK_WASM, prepack takes the module where a release has it.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) =>
  !/^npm_(?!config_)/i.test(k) && !/^npm_config_(local_prefix|workspaces?|include_workspace_root)$/i.test(k) &&
  k !== 'MDSCHECK_WASM'));
const npm = (cwd, ...args) => run('npm', args, { cwd, env, maxBuffer: 16 << 20 });

let tmp;
let tarball;
let project;

before(async () => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'mdscheck-pack-')));
  const copy = join(tmp, 'repo');
  // Everything of the package but what is built or copied in, and what
  // npm installed: prepack must bring those itself.
  const generated = new Set(['node_modules', 'mdscheck.wasm', 'LICENSE', 'THIRD-PARTY-NOTICES']);
  cpSync(pkgDir, join(copy, 'wasm/js'), {
    recursive: true,
    filter: (src) => {
      const rel = relative(pkgDir, src);
      return !generated.has(rel) && !rel.startsWith('node_modules') && !rel.endsWith('.tgz');
    },
  });
  cpSync(join(repo, 'LICENSE'), join(copy, 'LICENSE'));
  mkdirSync(join(copy, 'dist'));
  // The module the other tests use (pretest copied it into the package).
  symlinkSync(join(pkgDir, 'mdscheck.wasm'), join(copy, 'dist/mdscheck.wasm'));
  symlinkSync(join(repo, 'dist/wasm-THIRD-PARTY-NOTICES'), join(copy, 'dist/wasm-THIRD-PARTY-NOTICES'));

  const packageDir = join(copy, 'wasm/js');
  await npm(packageDir, 'version', '--no-git-tag-version', VERSION);
  const { stdout } = await npm(packageDir, 'pack', '--json', '--pack-destination', tmp);
  tarball = join(tmp, JSON.parse(stdout)[0].filename);

  // A user's project. Its lockfile pins the shim as the repository's does:
  // `npm ci` put that tarball in npm's cache, and with it pinned npm needs
  // no registry metadata, so the install works offline.
  project = join(tmp, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  const shim = 'node_modules/@bjorn3/browser_wasi_shim';
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8'));
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify({
    name: 'user-project', lockfileVersion: 3, requires: true,
    packages: { '': { name: 'user-project' }, [shim]: lock.packages[shim] },
  }));
  await npm(project, 'install', '--offline', '--no-audit', '--no-fund', tarball);
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the module, its types, the README, the licence and the third-party notices, and nothing else', async () => {
  assert.equal(tarball.endsWith(`mdscheck-wasm-${VERSION}.tgz`), true, tarball);
  const { stdout } = await run('tar', ['-tzf', tarball]);
  assert.deepEqual(stdout.trim().split('\n').sort(), [
    'package/LICENSE',
    'package/README.md',
    'package/THIRD-PARTY-NOTICES',
    'package/index.d.ts',
    'package/mdscheck.wasm',
    'package/package.json',
    'package/src/browser.js',
    'package/src/core.js',
    'package/src/node.js',
  ]);
});

test('a project installs the tarball offline and validates a manifest with it in Node', async () => {
  const installed = join(project, 'node_modules/@mdscheck/wasm');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.version, VERSION);
  assert.equal(manifest.license, 'Apache-2.0');
  assert.deepEqual(manifest.repository, { type: 'git', url: 'git+https://github.com/mdscheck/mdscheck.git', directory: 'wasm/js' });
  assert.equal(readFileSync(join(installed, 'LICENSE'), 'utf8'), readFileSync(join(repo, 'LICENSE'), 'utf8'));
  // The module holds Go's runtime and goccy/go-yaml: their licences ship.
  const notices = readFileSync(join(installed, 'THIRD-PARTY-NOTICES'), 'utf8');
  assert.match(notices, /\nGo \(its runtime and standard library\) go[\d.]+\n=+\n\n--- LICENSE ---\n\nCopyright .* The Go Authors/);
  assert.match(notices, /\ngithub\.com\/goccy\/go-yaml v[\d.]+\n=+\n\n--- LICENSE ---\n\nMIT License/);
  assert.ok(readFileSync(join(installed, 'mdscheck.wasm')).equals(readFileSync(join(pkgDir, 'mdscheck.wasm'))), 'the module built by make wasm');

  // What a user writes, run from the project: it can only find the
  // package it installed (the repository is not among its parents).
  writeFileSync(join(project, 'check.js'), [
    "import { readFileSync } from 'node:fs';",
    "import { load } from '@mdscheck/wasm';",
    'const m = await load();',
    "const { diagnostics } = m.validate(readFileSync(process.argv[2], 'utf8'));",
    "console.log(JSON.stringify({ from: import.meta.resolve('@mdscheck/wasm'), diagnostics }));",
  ].join('\n'));
  const broken = join(repo, 'examples/broken.yaml');
  const { stdout } = await run(process.execPath, ['check.js', broken], { cwd: project, env });
  const { from, diagnostics } = JSON.parse(stdout);
  assert.ok(fileURLToPath(from).startsWith(installed), `loaded from ${from}`);
  // The same findings as this package gives in place, the typo among them.
  const expected = (await load()).validate(readFileSync(broken, 'utf8')).diagnostics;
  assert.ok(diagnostics.some((d) => d.rule === 'unknown-field' && d.path === 'spec.terminationProtectoin'));
  assert.deepEqual(diagnostics, expected);
});
