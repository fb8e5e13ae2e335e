// Entry point for browsers and Web Workers (and any host with fetch).

import { instantiate, instantiateResponse } from './core.js';

export { ABI_VERSION, MdscheckError } from './core.js';

/**
 * Loads the mdscheck module and returns its checker.
 * source: a URL (string or URL) to fetch, a fetch Response (or a promise of
 * one), the module's bytes, or a compiled WebAssembly.Module; by default the
 * mdscheck.wasm that ships beside this package.
 * @param {string | URL | Response | PromiseLike<Response> | BufferSource | WebAssembly.Module} [source]
 * @param {import('../index.js').LoadOptions} [options]
 * @returns {Promise<import('../index.js').Mdscheck>}
 */
export async function load(source, options) {
  if (source === undefined) source = new URL('../mdscheck.wasm', import.meta.url);
  if (source === null) throw new TypeError('source must be a URL, a Response, bytes or a WebAssembly.Module, not null');
  if (typeof source === 'string' || source instanceof URL) {
    return instantiateResponse(fetch(source), options);
  }
  if (typeof source.then === 'function' || (typeof Response !== 'undefined' && source instanceof Response)) {
    return instantiateResponse(source, options);
  }
  return instantiate(source, options);
}
