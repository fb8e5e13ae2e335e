// No output of the package holds a secret: the sample of the generated
// attack cases (scripts/leakcases.js; each way and style once, each secret
// member once) through validate, and through hover and complete at the
// start of every line and at the start, middle and end of every secret:
// the package passes the module's results on, and every case runs on the
// core in Go (core/lang). The `secrets` ranges of validate are checked on
// every case: replacing them must take every secret out of the text, as a
// page does before it makes a link.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '@mdscheck/wasm';
import { leakCases, leaked } from '../scripts/leakcases.js';

let cases;
let sample;
let m;

before(async () => {
  [cases, sample, m] = await Promise.all([leakCases(), leakCases({ sample: true }), load()]);
});

// run returns what a call hands its caller, as JSON: the result, or the
// message of the error it throws (an error message is output too).
function run(call) {
  try {
    return JSON.stringify(call());
  } catch (e) {
    return `${e.name}: ${e.message}`;
  }
}

// offsets of the starts of the lines of text, in UTF-16 units; lines end at
// \n, \r\n or \r, as the module splits them.
function lineStarts(text) {
  const starts = [0];
  for (const m of text.matchAll(/\r\n?|\n/g)) starts.push(m.index + m[0].length);
  return starts;
}

// without is text with every range replaced by "#", ranges in UTF-16
// line/character as validate gives them.
function without(text, ranges) {
  const starts = lineStarts(text);
  const offset = (p) => starts[p.line] + p.character;
  let out = '';
  let at = 0;
  for (const r of ranges) {
    out += text.slice(at, offset(r.start)) + '#';
    at = offset(r.end);
  }
  return out + text.slice(at);
}

test('no result or error of validate, hover or complete holds a secret', () => {
  const leaks = [];
  let calls = 0;
  for (const c of sample) {
    const outputs = [];
    const r = m.validate(c.text);
    outputs.push(['validate', JSON.stringify(r)]);
    const positions = lineStarts(c.text).map((_, line) => ({ line, character: 0 }));
    for (const { start, end } of r.secrets ?? []) {
      positions.push(start, end);
      if (start.line === end.line) positions.push({ line: start.line, character: (start.character + end.character) >> 1 });
    }
    for (const p of positions) {
      outputs.push([`hover ${p.line}:${p.character}`, run(() => m.hover(c.text, p))]);
      outputs.push([`complete ${p.line}:${p.character}`, run(() => m.complete(c.text, p))]);
    }
    calls += outputs.length;
    for (const [call, out] of outputs) {
      const s = leaked(c, out);
      if (s) leaks.push(`${c.name}: ${call} shows ${JSON.stringify(s)}: ${out.slice(0, 300)}`);
    }
  }
  assert.ok(calls > sample.length * 10, `${calls} calls for ${sample.length} cases`);
  assert.deepEqual(leaks.slice(0, 10), [], `${leaks.length} outputs leak a secret`);
});

test('the secrets ranges of validate cover every secret of the text', () => {
  const missed = [];
  for (const c of cases) {
    const { secrets } = m.validate(c.text);
    // Ranges as promised: present for a text with secrets, in order, none empty or overlapping.
    const ok = secrets?.length > 0 && secrets.every((r, i) =>
      (r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character < r.end.character)) &&
      (i === 0 || secrets[i - 1].end.line < r.start.line ||
        (secrets[i - 1].end.line === r.start.line && secrets[i - 1].end.character <= r.start.character)));
    if (!ok) {
      missed.push(`${c.name}: secrets ${JSON.stringify(secrets)}`);
      continue;
    }
    const s = leaked(c, without(c.text, secrets));
    if (s) missed.push(`${c.name}: ${JSON.stringify(s)} is left once the ranges ${JSON.stringify(secrets)} are replaced`);
  }
  assert.deepEqual(missed.slice(0, 10), [], `${missed.length} cases`);
});
