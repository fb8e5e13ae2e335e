// The host side of the mdscheck WebAssembly ABI (version 1), shared by the
// browser and the Node entry points. It needs nothing but WebAssembly,
// TextEncoder/TextDecoder and a tiny WASI shim, so it runs the same on a
// page, in a Web Worker and in Node.

import { WASI, OpenFile, File, ConsoleStdout } from '@bjorn3/browser_wasi_shim';

/** The ABI version this package speaks. */
export const ABI_VERSION = 1;

// opts bits 0-1 of every export: the position encoding of ranges.
const ENCODINGS = { 'utf-16': 0, 'utf-8': 1, 'utf-32': 2 };

/** An error reported by the module, or a module that cannot be used. */
export class MdscheckError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'MdscheckError';
  }
}

const encoder = new TextEncoder();
// fatal: the module promises UTF-8; a broken result must not pass silently.
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Compiles bytes or takes a compiled module and returns a ready instance.
 * @param {WebAssembly.Module | BufferSource} wasm
 * @param {import('../index.js').LoadOptions} [options]
 */
export async function instantiate(wasm, options = {}) {
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  return start(module, options);
}

/**
 * Compiles a fetch Response, streaming where the server sends
 * application/wasm, and falls back to bytes where it does not.
 * @param {Response | PromiseLike<Response>} response
 * @param {import('../index.js').LoadOptions} [options]
 */
export async function instantiateResponse(response, options = {}) {
  const res = await response;
  if (!res.ok) {
    throw new MdscheckError(`cannot load the mdscheck module from ${res.url || 'the response'}: HTTP ${res.status}`);
  }
  let module;
  const type = res.headers.get('content-type') || '';
  if (typeof WebAssembly.compileStreaming === 'function' && type.startsWith('application/wasm')) {
    module = await WebAssembly.compileStreaming(res);
  } else {
    module = await WebAssembly.compile(await res.arrayBuffer());
  }
  return start(module, options);
}

function encodingBits(name) {
  if (name === undefined) return 0;
  const bits = ENCODINGS[name];
  if (bits === undefined) {
    throw new TypeError(`unknown position encoding ${JSON.stringify(name)}: use utf-16, utf-8 or utf-32`);
  }
  return bits;
}

function checkPosition(position) {
  if (position === null || typeof position !== 'object') {
    throw new TypeError('position must be an object {line, character}');
  }
  const { line, character } = position;
  for (const [name, v] of [['line', line], ['character', character]]) {
    if (typeof v !== 'number') {
      throw new TypeError(`position.${name} must be a number, not ${v === null ? 'null' : typeof v === 'string' ? `the string ${JSON.stringify(v)}` : typeof v}`);
    }
    if (!Number.isInteger(v) || v < 0 || v > 0x7fffffff) {
      throw new RangeError(`position.${name} must be an integer from 0 to 2^31-1, not ${String(v)}`);
    }
  }
  return [line, character];
}

// setJSON is the argument of validate_set: [{"name", "text"}, ...]. The
// module says which entry is wrong without quoting it; the checks here
// catch what JavaScript callers get wrong before it costs a call.
function setJSON(texts) {
  if (!Array.isArray(texts)) throw new TypeError('texts must be an array of {name, text} objects');
  return JSON.stringify(texts.map((t, i) => {
    if (t === null || typeof t !== 'object') throw new TypeError(`texts[${i}] must be an object {name, text}`);
    if (typeof t.name !== 'string') throw new TypeError(`texts[${i}].name must be a string`);
    const text = t.text instanceof Uint8Array ? decoder.decode(t.text) : t.text;
    if (typeof text !== 'string') throw new TypeError(`texts[${i}].text must be a string or a Uint8Array of UTF-8`);
    return { name: t.name, text };
  }));
}

function start(module, options) {
  if (options === null || options === undefined) options = {};
  if (typeof options !== 'object') throw new TypeError(`options must be an object, not ${typeof options}`);
  const log = options.log ?? ((line) => console.warn('mdscheck:', line));
  // No files, no arguments, no environment: the module needs none. Its
  // standard error only ever carries a runtime crash report.
  const fds = [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered(log),
    ConsoleStdout.lineBuffered(log),
  ];
  const wasi = new WASI([], [], fds, { debug: false });
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.wasiImport });
  const ex = instance.exports;
  for (const name of ['memory', 'alloc', 'free', 'validate', 'complete', 'hover', 'abi_version']) {
    if (!(name in ex)) throw new MdscheckError(`not an mdscheck module: it does not export ${name}`);
  }
  wasi.initialize(instance);
  const abi = ex.abi_version();
  if (abi !== ABI_VERSION) {
    throw new MdscheckError(`the module speaks ABI version ${abi}; this package speaks ${ABI_VERSION}`);
  }
  const defaultBits = encodingBits(options.encoding);
  let broken = null;

  // call runs one export on texts, each in a buffer of its own, passed as
  // (ptr, len) before args. Every view on memory.buffer is made after the
  // last call that may have grown the memory, never kept.
  function call(fn, texts, args, callOptions) {
    if (broken) throw new MdscheckError('the module crashed earlier and cannot be used again; load a new one', { cause: broken });
    const inputs = texts.map(([name, text]) => {
      if (typeof text === 'string') return encoder.encode(text);
      if (text instanceof Uint8Array) return text;
      throw new TypeError(`${name} must be a string or a Uint8Array of UTF-8`);
    });
    const bits = callOptions?.encoding === undefined ? defaultBits : encodingBits(callOptions.encoding);
    let result;
    try {
      const ptrs = [];
      try {
        for (const bytes of inputs) {
          // Ask for one byte at least: a zero-size request may read as
          // refused. Addresses are unsigned; a wasm i32 arrives signed.
          const ptr = ex.alloc(Math.max(bytes.length, 1)) >>> 0;
          if (ptr === 0) throw new MdscheckError(`the module refused a buffer of ${bytes.length} bytes`);
          ptrs.push(ptr);
        }
        // Only after the last alloc, which may have grown the memory.
        const spans = inputs.flatMap((bytes, i) => {
          new Uint8Array(ex.memory.buffer, ptrs[i], bytes.length).set(bytes);
          return [ptrs[i], bytes.length];
        });
        result = fn(...spans, ...args, bits);
      } finally {
        for (const ptr of ptrs) ex.free(ptr);
      }
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        broken = e;
        throw new MdscheckError(`the module crashed: ${e.message}`, { cause: e });
      }
      throw e;
    }
    const r = BigInt.asUintN(64, BigInt(result));
    const outPtr = Number(r >> 32n);
    const outLen = Number(r & 0xffffffffn);
    if (outPtr === 0) throw new MdscheckError('the module returned no result');
    let json;
    try {
      json = decoder.decode(new Uint8Array(ex.memory.buffer, outPtr, outLen));
    } finally {
      ex.free(outPtr);
    }
    const value = JSON.parse(json);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.error === 'string') {
      throw new MdscheckError(value.error);
    }
    return value;
  }

  return Object.freeze({
    abiVersion: abi,
    validate(text, opts) {
      return call(ex.validate, [['text', text]], [], opts);
    },
    validateChange(previous, text, opts) {
      // Exported since ABI 1 grew it; a module built before has not.
      if (!('validate_change' in ex)) {
        throw new MdscheckError('this build of the module does not export validate_change; load a newer mdscheck.wasm');
      }
      return call(ex.validate_change, [['previous', previous], ['text', text]], [], opts);
    },
    validateSet(texts, opts) {
      // Exported since ABI 1 grew it; a module built before has not.
      if (!('validate_set' in ex)) {
        throw new MdscheckError('this build of the module does not export validate_set; load a newer mdscheck.wasm');
      }
      return call(ex.validate_set, [['texts', encoder.encode(setJSON(texts))]], [], opts).files;
    },
    complete(text, position, opts) {
      return call(ex.complete, [['text', text]], checkPosition(position), opts);
    },
    hover(text, position, opts) {
      return call(ex.hover, [['text', text]], checkPosition(position), opts);
    },
    memorySize() {
      return ex.memory.buffer.byteLength;
    },
  });
}
