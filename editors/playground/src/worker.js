// The Web Worker that owns the mdscheck module: the page never blocks on a
// check. Messages: {id, op: 'validate'|'validateChange'|'complete'|'hover',
// text, position, previous} in; {id, result, ms} or {id, error} out, where ms is the time the module
// took. The first message out is {ready: true, ms, loadMs, timeline} or
// {fatal: message}.

import { load } from '@mdscheck/wasm';

// When each step of the start happened, in this worker's performance.now()
// time, with the worker's timeOrigin to put them on the page's clock
// (the startup test and the benchmark read them through the page).
const timeline = { origin: performance.timeOrigin, script: performance.now() };

// A first call runs code the engine has not compiled yet, and the core
// builds its schema tables. The first call is the page's check of the
// text it opens with (boot.js sends it before the module has even
// arrived), so nothing is warmed before it: a warm-up call would only
// make it wait. The other calls are warmed after the first answer, while
// the page shows it.
const warmUp = 'apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: warm\nspec:\n  plan: business-4\n  project: p\n';
let warmed = false; // the calls other than the first one, on this instance

async function compile(url) {
  const res = await fetch(url);
  timeline.response ??= performance.now();
  if (!res.ok) throw new Error(`cannot load the mdscheck module from ${res.url}: HTTP ${res.status}`);
  // A server that sends application/wasm lets V8 compile the module as it
  // downloads; any other type costs a compile from bytes after the last
  // one arrives.
  if ((res.headers.get('content-type') ?? '').startsWith('application/wasm')) return WebAssembly.compileStreaming(res);
  return WebAssembly.compile(await res.arrayBuffer());
}

async function start() {
  warmed = false;
  const started = performance.now();
  // Relative to this script, so the page works at any path of a site.
  const module = await compile(new URL('mdscheck.wasm', self.location.href));
  timeline.compiled ??= performance.now();
  const m = await load(module); // instantiates it and starts Go's runtime
  timeline.started ??= performance.now();
  return { m, loadMs: performance.now() - started };
}

function warmTheRest(m) {
  warmed = true;
  m.validate(warmUp);
  m.validateChange(warmUp, warmUp);
  m.complete(warmUp, { line: 5, character: 2 });
  m.hover(warmUp, { line: 5, character: 3 });
}

let checker = start();

checker.then(
  ({ loadMs }) => self.postMessage({ ready: true, ms: loadMs, loadMs, timeline }),
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
