// Tests of @mdscheck/wasm in Node against the real module (dist/mdscheck.wasm,
// copied into the package by `pretest`): what a user of the package sees.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { load, MdscheckError, ABI_VERSION } from '@mdscheck/wasm';

const wasmURL = new URL('../mdscheck.wasm', import.meta.url);
const examples = new URL('../../../examples/', import.meta.url);
const broken = await readFile(new URL('broken.yaml', examples), 'utf8');
const kafka = await readFile(new URL('kafka.yaml', examples), 'utf8');

// One instance for the tests that only read; loading costs a compile.
const m = await load();

// at returns the text without the `|` marker and the marker's position.
function at(marked) {
  const i = marked.indexOf('|');
  const before = marked.slice(0, i);
  const lines = before.split('\n');
  return [before + marked.slice(i + 1), { line: lines.length - 1, character: lines.at(-1).length }];
}

const kafkaHead = 'apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\n';

test('load accepts the default, a path, a file URL, bytes and a compiled module', async () => {
  const bytes = await readFile(wasmURL);
  const sources = [undefined, fileURLToPath(wasmURL), wasmURL, wasmURL.href, bytes, await WebAssembly.compile(bytes)];
  for (const source of sources) {
    const x = await load(source);
    assert.equal(x.abiVersion, ABI_VERSION);
    assert.equal(x.validate(kafka).diagnostics.length, 0, `source ${String(source).slice(0, 40)}`);
  }
});

test('load rejects what is not an mdscheck module', async () => {
  // The smallest valid module: magic and version, nothing exported.
  const empty = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  await assert.rejects(load(empty), { name: 'MdscheckError', message: /does not export memory/ });
  await assert.rejects(load(new Uint8Array([1, 2, 3])), WebAssembly.CompileError);
});

test('validate reports every finding of a broken stream with rule, path and range', () => {
  const r = m.validate(broken);
  assert.deepEqual(
    r.documents.map((d) => [d.index, d.kind, d.checked]),
    [[0, 'ConfigMap', false], [1, 'OpenSearch', true], [2, 'Grafana', true], [3, 'Kafka', true], [4, 'Kafka', true]],
  );
  const project = r.diagnostics.find((d) => d.path === 'spec.project');
  assert.deepEqual(project && {
    document: project.document, severity: project.severity, rule: project.rule,
    pointer: project.pointer, range: project.range,
  }, {
    document: 1, severity: 'error', rule: 'pattern', pointer: '/spec/project',
    range: { start: { line: 14, character: 11 }, end: { line: 14, character: 22 } },
  });
  assert.match(project.message, /"Search Team" does not match/);
  // The typo is an unknown field whose range is the key, with the nearest name.
  const typo = r.diagnostics.find((d) => d.rule === 'unknown-field' && d.document === 1);
  assert.equal(typo.path, 'spec.terminationProtectoin');
  assert.deepEqual(typo.range, { start: { line: 19, character: 2 }, end: { line: 19, character: 23 } });
  assert.match(typo.message, /terminationProtection/);
  // Every document of ours has findings, the ConfigMap none.
  const docs = new Set(r.diagnostics.map((d) => d.document));
  assert.deepEqual([...docs].sort(), [1, 2, 3, 4]);
  const rules = new Set(r.diagnostics.map((d) => d.rule));
  for (const rule of ['pattern', 'enum', 'format', 'type', 'const', 'duplicate-key', 'deprecated', 'maximum']) {
    assert.ok(rules.has(rule), `rule ${rule} in ${[...rules].join(' ')}`);
  }
});

test('validate offers quick fixes as edits with ranges', () => {
  const r = m.validate(broken);
  const dow = r.diagnostics.find((d) => d.path === 'spec.maintenanceWindowDow' && d.document === 1);
  assert.equal(dow.rule, 'enum');
  const edit = dow.fixes?.[0]?.edits?.[0];
  assert.equal(edit?.newText, 'sunday');
  assert.deepEqual(edit.range, dow.range);
});

test('a clean manifest has no findings and names its document', () => {
  const r = m.validate(kafka);
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.documents, [{ index: 0, apiVersion: 'example.io/v1alpha1', kind: 'Kafka', name: 'events', checked: true }]);
});

test('a syntax error is one yaml-syntax finding at its place', () => {
  const r = m.validate(kafkaHead + 'spec:\n  plan: [business-4\n  project: x\n');
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0].rule, 'yaml-syntax');
  assert.ok(r.diagnostics[0].range.start.line >= 5, JSON.stringify(r.diagnostics[0].range));
});

test('files are read as Kubernetes reads them: a byte-order mark, a List, our kind without our group', () => {
  const where = (text) => m.validate(text).diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.rule} ${d.path}`);
  assert.deepEqual(where('\ufeffkind: Kafka\napiVersion: example.io/v1alpha1\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  project: Bad Project!\n'),
    ['6:11 pattern spec.project']);
  assert.deepEqual(where('apiVersion: v1\nkind: List\nitems:\n- ' + kafkaHead.replace(/\n(?!$)/g, '\n  ') + '  spec:\n    plan: business-4\n    project: Bad Project!\n'),
    ['9:13 pattern items[0].spec.project']);
  assert.deepEqual(where('kind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n'), ['0:0 required apiVersion']);
  assert.deepEqual(where('apiVersion: kafka.strimzi.io/v1beta2\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  kafka: {}\n'), []);
});

test('ranges count characters in the encoding asked for', () => {
  // "🙂" is 2 UTF-16 units, 4 UTF-8 bytes, 1 code point; the bad value follows it.
  const src = kafkaHead + 'spec:\n  plan: business-4\n  project: x\n  maintenanceWindowDow: "🙂x"\n';
  const end = (opts) => m.validate(src, opts).diagnostics.find((d) => d.rule === 'enum').range.end.character;
  assert.equal(end(), 29);
  assert.equal(end({ encoding: 'utf-16' }), 29);
  assert.equal(end({ encoding: 'utf-8' }), 31);
  assert.equal(end({ encoding: 'utf-32' }), 28);
});

test('the encoding given to load applies to every call', async () => {
  const x = await load(undefined, { encoding: 'utf-8' });
  const src = kafkaHead + 'spec:\n  plan: business-4\n  project: x\n  maintenanceWindowDow: "🙂x"\n';
  const d = x.validate(src).diagnostics.find((f) => f.rule === 'enum');
  assert.deepEqual(d.range, { start: { line: 7, character: 24 }, end: { line: 7, character: 31 } });
  assert.equal(x.validate(src, { encoding: 'utf-16' }).diagnostics.find((f) => f.rule === 'enum').range.end.character, 29);
  await assert.rejects(load(undefined, { encoding: 'latin1' }), TypeError);
});

test('text may be given as UTF-8 bytes', () => {
  const fromBytes = m.validate(new TextEncoder().encode(broken));
  assert.deepEqual(fromBytes, m.validate(broken));
});

test('complete offers the members not yet written, required first', () => {
  const [src, pos] = at(kafkaHead + 'spec:\n  cloudName: google-europe-west1\n  |\n');
  const items = m.complete(src, pos);
  const labels = items.map((i) => i.label);
  assert.deepEqual(labels.slice(0, 2), ['plan', 'project']);
  assert.ok(labels.includes('maintenanceWindowDow'));
  assert.ok(labels.includes('userConfig'));
  assert.ok(!labels.includes('cloudName'), 'cloudName is already there');
  const plan = items.find((i) => i.label === 'plan');
  assert.match(plan.detail, /required/);
  assert.equal(plan.documentation?.kind, 'markdown');
  assert.deepEqual(plan.textEdit.range, { start: pos, end: pos });
});

test('complete offers the allowed values of a member and works on text that does not parse', () => {
  const [src, pos] = at(kafkaHead + 'spec:\n  plan: [\n  maintenanceWindowDow: |\n');
  const labels = m.complete(src, pos).map((i) => i.label);
  assert.deepEqual(labels, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
});

test('complete offers a whole manifest as a snippet in an empty document', () => {
  const items = m.complete('apiVersion: example.io/v1alpha1\n', { line: 1, character: 0 });
  const kafkaItem = items.find((i) => i.label === 'kind: Kafka');
  assert.equal(kafkaItem?.insertTextFormat, 2);
  assert.match(kafkaItem.textEdit.newText, /\$\{1:name\}/);
});

test('hover explains the member under the cursor', () => {
  const [src, pos] = at(kafkaHead + 'spec:\n  plan: business-4\n  proj|ect: x\n');
  const h = m.hover(src, pos);
  assert.equal(h.contents.kind, 'markdown');
  assert.match(h.contents.value, /^\*\*spec\.project\*\*: string, required\n\nThe project the service belongs to\./);
  assert.deepEqual(h.range, { start: { line: 6, character: 2 }, end: { line: 6, character: 9 } });
  assert.equal(m.hover(src, { line: 0, character: 0 })?.contents.value.includes('apiVersion'), true);
  assert.equal(m.hover('# nothing here\n', { line: 0, character: 3 }), null);
});

test('hover on kind carries the connection Secret as data', () => {
  const src = kafkaHead + 'spec:\n  plan: business-4\n  project: x\n';
  const kindLine = src.split('\n').findIndex((l) => l.startsWith('kind:'));
  const s = m.hover(src, { line: kindLine, character: 1 })?.connectionSecret;
  assert.equal(s?.kind, 'Kafka');
  assert.equal(s.disabled, false);
  assert.ok(s.keys.includes('KAFKA_HOST') && s.keys.includes('KAFKA_PASSWORD'), s.keys.join(' '));
  const planLine = src.split('\n').findIndex((l) => l.startsWith('  plan:'));
  assert.equal(m.hover(src, { line: planLine, character: 3 })?.connectionSecret, undefined, 'plan names no Secret');
});

test('hover never shows the value of a secret member', () => {
  const secret = 'hunter2-very-secret';
  const src = 'apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n' +
    '  userConfig:\n    smtp_server:\n      host: smtp.example.com\n      port: 25\n      from_address: a@example.com\n' +
    `      password: ${secret}\n      password: ${secret}\n`;
  const r = m.validate(src);
  assert.ok(r.diagnostics.some((d) => d.rule === 'duplicate-key'));
  const h = m.hover(src, { line: 12, character: 16 });
  assert.ok(!JSON.stringify(r).includes(secret));
  assert.ok(!JSON.stringify(h).includes(secret));
});

test('bad arguments are rejected before they reach the module', () => {
  assert.throws(() => m.validate(42), TypeError);
  assert.throws(() => m.complete('x', { line: -1, character: 0 }), RangeError);
  assert.throws(() => m.hover('x', { line: 0, character: 1.5 }), RangeError);
  assert.throws(() => m.hover('x'), TypeError);
  assert.throws(() => m.validate('x', { encoding: 'utf-7' }), TypeError);
  // A number written as a string is a wrong type, and says so.
  assert.throws(() => m.hover('x', { line: '1', character: 0 }), { name: 'TypeError', message: /position.line must be a number, not the string "1"/ });
});

test('load takes null options as none, and refuses a null source clearly', async () => {
  const x = await load(undefined, null);
  assert.equal(x.validate(broken).diagnostics.length, m.validate(broken).diagnostics.length);
  await assert.rejects(load(null), { name: 'TypeError', message: /source must be/ });
  await assert.rejects(load(undefined, 'utf-8'), { name: 'TypeError', message: /options must be an object/ });
});

test('a text the module refuses to take is an MdscheckError', () => {
  // Over the module's largest buffer (128 MiB): alloc answers 0.
  const huge = new Uint8Array((128 << 20) + 1);
  assert.throws(() => m.validate(huge), { name: 'MdscheckError', message: /refused a buffer of 134217729 bytes/ });
  // The instance still works afterwards.
  assert.deepEqual(m.validate(kafka).diagnostics, []);
});

// A module of a few bytes that speaks the ABI and answers every call with
// {"error": "boom"}: what the real module does when a call fails inside.
function erroringModule() {
  const json = new TextEncoder().encode('{"error":"boom"}');
  const at = 16;
  const sleb = (v) => {
    const out = [];
    for (;;) {
      const byte = Number(v & 0x7fn);
      v >>= 7n;
      if ((v === 0n && !(byte & 0x40)) || (v === -1n && byte & 0x40)) return [...out, byte];
      out.push(byte | 0x80);
    }
  };
  const str = (s) => [s.length, ...new TextEncoder().encode(s)];
  const section = (id, bytes) => [id, bytes.length, ...bytes];
  const vec = (items) => [items.length, ...items.flat()];
  const I32 = 0x7f, I64 = 0x7e;
  const types = [[0x60, 0, 0], [0x60, 0, 1, I32], [0x60, 1, I32, 1, I32], [0x60, 1, I32, 0],
    [0x60, 3, I32, I32, I32, 1, I64], [0x60, 5, I32, I32, I32, I32, I32, 1, I64]];
  const funcs = [0, 1, 2, 3, 4, 5, 5];
  const result = [0x42, ...sleb((BigInt(at) << 32n) | BigInt(json.length)), 0x0b];
  const bodies = [[0x0b], [0x41, 1, 0x0b], [0x41, ...sleb(1024n), 0x0b], [0x0b], result, result, result]
    .map((code) => [code.length + 1, 0, ...code]);
  const exports = [['memory', 2, 0], ['_initialize', 0, 0], ['abi_version', 0, 1], ['alloc', 0, 2], ['free', 0, 3],
    ['validate', 0, 4], ['complete', 0, 5], ['hover', 0, 6]].map(([n, kind, i]) => [...str(n), kind, i]);
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vec(types)), ...section(3, vec(funcs.map((f) => [f]))), ...section(5, [1, 0, 1]),
    ...section(7, vec(exports)), ...section(10, vec(bodies)),
    ...section(11, [1, 0, 0x41, at, 0x0b, json.length, ...json])]);
}

test('an {"error"} answer of the module becomes an MdscheckError', async () => {
  const x = await load(erroringModule());
  for (const call of [() => x.validate('a: 1'), () => x.complete('a', { line: 0, character: 0 }), () => x.hover('a', { line: 0, character: 0 })]) {
    assert.throws(call, (e) => e instanceof MdscheckError && e.name === 'MdscheckError' && e.message === 'boom');
  }
});

test('empty and odd texts are answered, not thrown', () => {
  assert.deepEqual(m.validate('').diagnostics, []);
  assert.deepEqual(m.complete('', { line: 0, character: 0 }).map((i) => i.label).slice(0, 1), ['apiVersion']);
  assert.equal(m.hover('', { line: 0, character: 0 }), null);
  // Positions past the end of the text are clamped by the module.
  assert.ok(Array.isArray(m.complete(kafka, { line: 10_000, character: 10_000 })));
  // A lone surrogate becomes U+FFFD on the way in and keeps its one UTF-16 unit.
  const r = m.validate(kafkaHead + 'spec:\n  plan: business-4\n  project: "\ud800"\n');
  const d = r.diagnostics.find((x) => x.path === 'spec.project');
  assert.equal(d?.rule, 'pattern');
  assert.deepEqual(d.range, { start: { line: 6, character: 11 }, end: { line: 6, character: 14 } });
});

test('large inputs grow the memory and results stay correct', async () => {
  const x = await load();
  assert.equal(x.validate(kafka).diagnostics.length, 0);
  const before = x.memorySize();
  // About 1 MB: the module must grow its memory during the call.
  const doc = broken.replace(/^#.*\n/gm, '');
  const big = Array.from({ length: Math.ceil(1e6 / doc.length) }, () => doc).join('---\n');
  const r = x.validate(big);
  assert.ok(x.memorySize() > before, 'memory grew');
  const perCopy = m.validate(doc).diagnostics.length;
  assert.equal(r.diagnostics.length, perCopy * Math.ceil(1e6 / doc.length));
  // And small calls after the growth read fresh views.
  assert.deepEqual(x.validate(kafka).diagnostics, []);
});

test('many calls do not grow the memory', async () => {
  const x = await load();
  const [src, pos] = at(kafkaHead + 'spec:\n  plan: business-4\n  proj|ect: x\n');
  const round = () => {
    x.validate(broken);
    x.complete(src, pos);
    x.hover(src, pos);
  };
  // Go's heap grows in steps until the collector's pace settles, and
  // where a step falls varies from run to run (the runtime seeds its maps
  // from random_get) and with what a call allocates: seen flat from about
  // 4,000 rounds on once, from about 6,600 on after calls began to build
  // a secret gate. So the test waits for the heap to settle rather than
  // guess when it will: it passes once 3,000 rounds in a row add no page
  // to the memory. A leak never settles: at 200 bytes a round, the
  // memory takes a 512 KiB step every 2,600 rounds or sooner.
  const quiet = 3000;
  const most = 20000;
  let size = x.memorySize();
  let since = 0;
  let rounds = 0;
  for (; rounds < most && since < quiet; rounds++, since++) {
    round();
    if (x.memorySize() !== size) {
      size = x.memorySize();
      since = 0;
    }
  }
  assert.ok(since >= quiet, `memory still growing after ${rounds} rounds: ${size} bytes`);
});
