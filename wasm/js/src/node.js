// Entry point for Node 20+: like the browser one, and it reads files.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { instantiate, instantiateResponse } from './core.js';

export { ABI_VERSION, MdscheckError } from './core.js';

/**
 * Loads the mdscheck module and returns its checker.
 * source: a file path, a file: or http(s): URL, a fetch Response, the
 * module's bytes, or a compiled WebAssembly.Module; by default the
 * mdscheck.wasm that ships beside this package.
 * @param {string | URL | Response | PromiseLike<Response> | BufferSource | WebAssembly.Module} [source]
 * @param {import('../index.js').LoadOptions} [options]
 * @returns {Promise<import('../index.js').Mdscheck>}
 */
export async function load(source, options) {
  if (source === undefined) source = new URL('../mdscheck.wasm', import.meta.url);
  if (source === null) throw new TypeError('source must be a path, a URL, a Response, bytes or a WebAssembly.Module, not null');
  if (typeof source === 'string' && /^(https?|file):/i.test(source)) source = new URL(source);
  if (source instanceof URL) {
    if (source.protocol !== 'file:') return instantiateResponse(fetch(source), options);
    source = fileURLToPath(source);
  }
  if (typeof source === 'string') return instantiate(await readFile(source), options);
  if (typeof source.then === 'function' || (typeof Response !== 'undefined' && source instanceof Response)) {
    return instantiateResponse(source, options);
  }
  return instantiate(source, options);
}
