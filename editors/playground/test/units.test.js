// The playground's pure parts in Node: snippets, Markdown, permalinks (and
// the redaction of their secrets) and positions, on the cases the checker
// produces and on hostile ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Text } from '@codemirror/state';
import { toCodeMirror } from '../src/snippet.js';
import { renderMarkdown } from '../src/markdown.js';
import { encode, decode, decodePrevious, redact, PREFIX, PREVIOUS, SECRET } from '../src/permalink.js';
import { toOffset, toPosition } from '../src/positions.js';

test('LSP snippets become CodeMirror templates', () => {
  const cases = [
    ['plan: ', '', 'plan: '],
    ['kafka_connect: ${1|true,false|}', '', 'kafka_connect: ${1:true}'],
    ['kafka_version: ${1|"3.7","3.8"|}', '', 'kafka_version: ${1:"3.7"}'],
    ['a: ${1|x\\,y,z|}', '', 'a: ${1:x,y}'],
    ['kafka:\n      $0', '    ', 'kafka:\n  ${0}'],
    ['serviceIntegrations:\n    - integrationType: ${1:read_replica}\n      sourceServiceName: $2', '  ',
      'serviceIntegrations:\n  - integrationType: ${1:read_replica}\n    sourceServiceName: ${2}'],
    ['kind: Kafka\nmetadata:\n  name: ${1:name}\nspec:\n  $0', '', 'kind: Kafka\nmetadata:\n  name: ${1:name}\nspec:\n  ${0}'],
    // Literal braces and escapes survive; nested placeholders keep their text.
    ['tags: {}', '', 'tags: \\{\\}'],
    ['a: \\$1 \\} \\\\', '', 'a: $1 \\} \\'],
    ['a: ${1:x ${2:y}}', '', 'a: ${1:x y}'],
  ];
  for (const [lsp, indent, want] of cases) assert.equal(toCodeMirror(lsp, indent), want, lsp);
});

test('Markdown of the checker renders, and nothing in it becomes markup by accident', () => {
  const md = '**spec.project**: string, required\n\nThe project the service belongs to.\n\n' +
    '- pattern `^[a-zA-Z0-9_-]+$`: letters, digits, `_` and `-`\n- at most 63 characters\n';
  assert.equal(renderMarkdown(md),
    '<p><strong>spec.project</strong>: string, required</p><p>The project the service belongs to.</p>' +
    '<ul><li>pattern <code>^[a-zA-Z0-9_-]+$</code>: letters, digits, <code>_</code> and <code>-</code></li>' +
    '<li>at most 63 characters</li></ul>');
  assert.equal(renderMarkdown('<img src=x onerror=alert(1)> & `<b>`'),
    '<p>&lt;img src=x onerror=alert(1)&gt; &amp; <code>&lt;b&gt;</code></p>');
  assert.equal(renderMarkdown('[a](javascript:alert(1)) [b](https://example.com/x)'),
    '<p>[a](javascript:alert(1)) <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">b</a></p>');
  assert.equal(renderMarkdown('max_index_count and *this*'), '<p>max_index_count and <em>this</em></p>');
  assert.equal(renderMarkdown('```\na: <1>\n```'), '<pre><code>a: &lt;1&gt;</code></pre>');
});

test('permalinks carry any text and refuse damaged ones', async () => {
  for (const text of ['', 'a', 'apiVersion: example.io/v1alpha1\n'.repeat(300), '🙂 ünïcödé \u0000 \r\n end']) {
    const hash = await encode(text);
    assert.ok(hash.startsWith(PREFIX));
    assert.match(hash.slice(PREFIX.length), /^[A-Za-z0-9_-]*$/);
    assert.equal(await decode(hash), text);
  }
  const long = 'apiVersion: example.io/v1alpha1\n'.repeat(300);
  assert.ok((await encode(long)).length < long.length / 20, 'repetition compresses');
  assert.equal(await decode(''), null);
  assert.equal(await decode('#other'), null);
  await assert.rejects(decode(PREFIX + 'a+b'), /damaged/);
  await assert.rejects(decode(PREFIX + 'AAAA'), /damaged/);
  // A small link that inflates beyond the limit is refused, not expanded.
  const bomb = await encode('a'.repeat(5 << 20));
  assert.ok(bomb.length < 20_000);
  await assert.rejects(decode(bomb), /more than 4 MB/);
});

test('a permalink carries the previous version after the text, each inflated on its own', async () => {
  for (const [text, previous] of [['a: 1\n', 'a: 2\n'], ['', ''], ['🙂\r\n', 'x'.repeat(10_000)]]) {
    const hash = await encode(text, previous);
    assert.ok(hash.startsWith(PREFIX) && hash.includes(PREVIOUS));
    assert.equal(await decode(hash), text);
    assert.equal(await decodePrevious(hash), previous);
  }
  assert.equal(await decodePrevious(await encode('a: 1\n')), null, 'a link without one');
  assert.equal(await decodePrevious('#other&prev=AAAA'), null);
  await assert.rejects(decodePrevious((await encode('a')) + PREVIOUS + 'a+b'), /damaged/);
  await assert.rejects(decodePrevious((await encode('a')) + PREVIOUS + (await encode('a'.repeat(5 << 20))).slice(PREFIX.length)), /more than 4 MB/);
});

const textOf = (t) => Text.of(t.split('\n'));

// range is the LSP range of the first occurrence of part in doc's text.
function range(doc, part) {
  const start = doc.toString().indexOf(part);
  return { start: toPosition(doc, start), end: toPosition(doc, start + part.length) };
}

test('redaction replaces each secret range by <secret> and counts them', () => {
  assert.equal(SECRET, '<secret>');
  // Emoji before a secret on its line: ranges count UTF-16 units, as the checker's do.
  let doc = textOf('a: {host: "🙂🙂", password: hunter2}\ntoken: "xyz"\nname: n\n');
  assert.deepEqual(redact(doc, [range(doc, 'hunter2'), range(doc, '"xyz"')]),
    { text: 'a: {host: "🙂🙂", password: <secret>}\ntoken: <secret>\nname: n\n', replaced: 2 });
  // Out of order and overlapping ranges are still covered whole.
  doc = textOf('password: abcdefgh\n');
  const ab = range(doc, 'abcde');
  const all = range(doc, 'defgh');
  assert.deepEqual(redact(doc, [all, ab]), { text: 'password: <secret>\n', replaced: 1 });
  assert.deepEqual(redact(doc, []), { text: 'password: abcdefgh\n', replaced: 0 });
  // A block scalar becomes one plain value; the line break after it stays.
  doc = textOf('password: |\n  line one\n  line two\nname: n');
  assert.equal(redact(doc, [range(doc, '|\n  line one\n  line two\n')]).text, 'password: <secret>\nname: n');
  // A secret that ends a line and one that is the next line's key, which
  // the checker joins into one range, stay two lines: the link stays YAML.
  doc = textOf('a:\n  key: "S1x"\n  P2yz: 1\n');
  assert.equal(redact(doc, [range(doc, '"S1x"\n  P2yz')]).text, 'a:\n  key: <secret>\n  <secret>: 1\n');
});

test('redaction keeps the anchors that aliases use, and nothing else of a value', () => {
  // Aliased outside the secret: the anchor stays, so the alias still resolves.
  let doc = textOf('password: &pw s3cret\nother: *pw\n');
  assert.equal(redact(doc, [range(doc, '&pw s3cret')]).text, 'password: &pw <secret>\nother: *pw\n');
  // No alias names it: the "anchor" may be half the secret (YAML reads `&abc def` as one).
  doc = textOf('password: &abc def\n');
  assert.equal(redact(doc, [range(doc, '&abc def')]).text, 'password: <secret>\n');
  doc = textOf('password: &abc def\nx: *abcd\n');
  assert.equal(redact(doc, [range(doc, '&abc def')]).text, 'password: <secret>\nx: *abcd\n');
  // Tags go: <secret> is no integer.
  doc = textOf('token: !!int 8675309\n');
  assert.equal(redact(doc, [range(doc, '!!int 8675309')]).text, 'token: <secret>\n');
  // A range of an alias that takes the flow mapping's `}` leaves the `}`.
  doc = textOf('name: &s v\nspec: {password: *s}\n');
  assert.equal(redact(doc, [range(doc, 'v'), range(doc, '*s}')]).text, 'name: &s <secret>\nspec: {password: <secret>}\n');
});

test('LSP positions and CodeMirror offsets convert both ways', () => {
  const doc = Text.of(['a: 🙂x', '', 'b: 1']);
  assert.equal(toOffset(doc, { line: 0, character: 5 }), 5);
  assert.deepEqual(toPosition(doc, 5), { line: 0, character: 5 });
  assert.equal(toOffset(doc, { line: 2, character: 3 }), doc.line(3).from + 3);
  // Past the end of a line or of the text: clamped.
  assert.equal(toOffset(doc, { line: 0, character: 99 }), doc.line(1).to);
  assert.equal(toOffset(doc, { line: 9, character: 0 }), doc.length);
  assert.deepEqual(toPosition(doc, doc.length), { line: 2, character: 4 });
});

test("index.html's Content Security Policy allows its inline script by the hash of its text, and no other", async () => {
  const { readFileSync } = await import('node:fs');
  const { createHash } = await import('node:crypto');
  const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
  assert.equal(inline.length, 1, 'one inline script: the one that starts the worker');
  const csp = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/)[1];
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
  const hash = `'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`;
  // Editing the script without the hash, the browser refuses it (and the
  // page falls back to boot.js starting the worker, later).
  assert.deepEqual(scriptSrc.split(' ').filter((s) => s.startsWith("'sha")), [hash], `script-src must carry ${hash}`);
  assert.ok(!/unsafe-inline/.test(scriptSrc), 'no inline script beyond the one hashed');
});

test('a Checker given a started worker hears what the worker said before it listened', { timeout: 5000 }, async () => {
  const { Checker } = await import('../src/checker.js');
  const fakeWorker = () => ({ posted: [], postMessage(m) { this.posted.push(m); } });
  // The module was ready, and an answer came, before boot.js took the worker.
  const w = fakeWorker();
  const ready = { type: 'message', data: { ready: true, loadMs: 5, timeline: {} } };
  const checker = new Checker({ worker: w, early: [ready] });
  assert.equal((await checker.ready).loadMs, 5);
  const answer = checker.request('validate', 'a: 1\n');
  assert.deepEqual(w.posted, [{ id: 1, op: 'validate', text: 'a: 1\n', position: undefined, previous: undefined }]);
  w.onmessage({ type: 'message', data: { id: 1, result: { diagnostics: [] }, ms: 2 } });
  assert.deepEqual((await answer).result, { diagnostics: [] });
  // The worker's script failed to load before anyone listened.
  const failed = new Checker({ worker: fakeWorker(), early: [{ type: 'error', message: '' }] });
  await assert.rejects(failed.ready, /the checker worker failed to start/);
});
