// The Web Worker that owns the mdscheck module: the page never blocks on a
// check. Messages: {id, op: 'validate'|'validateChange'|'complete'|'hover',
// text, position, previous} in; {id, result, ms} or {id, error} out, where ms is the time the module
// took. The first message out is {ready: true, ms} or {fatal: message}.

import { load } from '@mdscheck/wasm';

// A first call runs code the engine has not compiled yet, and the core
// builds its schema tables; doing that once on a small manifest keeps the
// first check of the user's text as quick as the later ones. Only validate
// is warmed before ready: the other calls are warmed after the first
// answer, while the page shows it, so the first diagnostics wait for none
// of them.
const warmUp = 'apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: warm\nspec:\n  plan: business-4\n  project: p\n';
let warmed = false; // the calls other than validate, on this instance

function start() {
  warmed = false;
  const started = performance.now();
  // Relative to this script, so the page works at any path of a site. A
  // server that sends application/wasm lets load() compile the module as
  // it downloads (WebAssembly.compileStreaming); any other type costs a
  // compile from bytes after the last one arrives.
  return load(new URL('mdscheck.wasm', self.location.href)).then((m) => {
    const loaded = performance.now();
    m.validate(warmUp);
    return { m, loadMs: loaded - started, warmMs: performance.now() - loaded };
  });
}

function warmTheRest(m) {
  warmed = true;
  m.validateChange(warmUp, warmUp);
  m.complete(warmUp, { line: 5, character: 2 });
  m.hover(warmUp, { line: 5, character: 3 });
}

let checker = start();

checker.then(
  ({ loadMs, warmMs }) => self.postMessage({ ready: true, ms: loadMs + warmMs, loadMs, warmMs }),
  (e) => self.postMessage({ fatal: String(e?.message ?? e) }),
);

self.onmessage = async (event) => {
  const { id, op, text, position, previous } = event.data;
  let m;
  try {
    ({ m } = await checker);
  } catch (e) {
    self.postMessage({ id, error: 'the checker is not loaded: ' + String(e?.message ?? e) });
    return;
  }
  const t0 = performance.now();
  try {
    let result;
    if (op === 'validate') result = m.validate(text);
    else if (op === 'validateChange') result = m.validateChange(previous, text);
    else if (op === 'complete') result = m.complete(text, position);
    else if (op === 'hover') result = m.hover(text, position);
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ id, result, ms: performance.now() - t0 });
    if (!warmed) warmTheRest(m);
  } catch (e) {
    // A module that trapped refuses every later call: start a new one for
    // the next request (the browser has the file cached).
    if (e?.name === 'MdscheckError' && /crashed/.test(e.message)) checker = start();
    self.postMessage({ id, error: String(e?.message ?? e) });
  }
};
