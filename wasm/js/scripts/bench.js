// Times the package in Node: loading the module, then validate, complete
// and hover on a manifest of about 300 lines.
//
//   npm run bench --workspace wasm/js [-- FILE]
//
// FILE defaults to $MDSCHECK_CORPUS/medium/kafka-medium.yaml, else
// /tmp/mdscheck-corpus/medium/kafka-medium.yaml (make it with
// `go run ../shared/tools/gencorpus/main.go -out /tmp/mdscheck-corpus`).

import { existsSync, readFileSync } from 'node:fs';
import { load } from '@mdscheck/wasm';

const file = process.argv[2] ?? `${process.env.MDSCHECK_CORPUS || '/tmp/mdscheck-corpus'}/medium/kafka-medium.yaml`;
if (!existsSync(file)) {
  console.error(`bench: ${file} is missing; generate it with go run ../shared/tools/gencorpus/main.go -out /tmp/mdscheck-corpus`);
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const lines = text.split('\n');
const keyLine = lines.findIndex((l) => /^\s+project:/.test(l));
const at = { line: keyLine, character: lines[keyLine].indexOf('project') + 2 };
// Completion on a new, empty line under spec: the members not yet written.
const specLine = lines.indexOf('spec:');
const typing = [...lines.slice(0, specLine + 1), '  ', ...lines.slice(specLine + 1)].join('\n');
const newKey = { line: specLine + 1, character: 2 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn, n) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  return xs;
}

let t = performance.now();
const m = await load();
const loadMs = performance.now() - t;
t = performance.now();
m.validate(text);
const firstMs = performance.now() - t;
time(() => m.validate(text), 50); // let the engine's optimising tier take over
if (m.complete(typing, newKey).length === 0 || m.hover(text, at) === null) throw new Error('complete or hover found nothing');

console.log(`Node ${process.version}, ${lines.length} lines (${file})`);
console.log(`load (compile + _initialize)  ${loadMs.toFixed(0)} ms; first validate ${firstMs.toFixed(0)} ms`);
for (const [name, fn] of [
  ['validate', () => m.validate(text)],
  ['complete', () => m.complete(typing, newKey)],
  ['hover', () => m.hover(text, at)],
]) {
  const xs = time(fn, 200);
  console.log(`${name.padEnd(9)} median ${median(xs).toFixed(2).padStart(6)} ms   min ${Math.min(...xs).toFixed(2).padStart(6)} ms`);
}
console.log(`memory after ${3 * 200 + 51} calls: ${(m.memorySize() / 2 ** 20).toFixed(1)} MiB`);
