// scripts/serve.js, the local server, over HTTP in Node: a compressed twin
// goes to a browser that accepts its coding, the plain file to any other.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '../scripts/serve.js';

const js = Buffer.from('export const answer = 42;\n'.repeat(100));
const css = Buffer.from('body { margin: 0 }\n');
let dir;
let server;
let base;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mdscheck-serve-'));
  writeFileSync(join(dir, 'a.js'), js);
  writeFileSync(join(dir, 'a.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'a.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'b.css'), css);
  mkdirSync(join(dir, 'sub dir'));
  writeFileSync(join(dir, 'sub dir', 'index.html'), '<p>sub</p>');
  ({ server, url: base } = await serve({ dir }));
});

after(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// get returns status, headers and the body as it came over the wire.
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    request(new URL(path, base), { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

test('each Accept-Encoding gets the best twin it accepts, the plain file otherwise', async () => {
  const cases = [
    ['gzip, deflate, br, zstd', 'br'], // Chromium's
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['br;q=0, gzip;q=0.000', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ];
  for (const [accept, coding] of cases) {
    const r = await get('a.js', accept === undefined ? {} : { 'accept-encoding': accept });
    const what = `Accept-Encoding: ${accept}`;
    assert.equal(r.status, 200, what);
    assert.equal(r.headers['content-encoding'], coding, what);
    assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8', what);
    assert.equal(r.headers.vary, 'Accept-Encoding', what);
    assert.equal(Number(r.headers['content-length']), r.body.length, what);
    const decoded = coding === 'br' ? brotliDecompressSync(r.body) : coding === 'gzip' ? gunzipSync(r.body) : r.body;
    assert.ok(decoded.equals(js), what);
  }
  // A file without twins goes as it is.
  const r = await get('b.css', { 'accept-encoding': 'br, gzip' });
  assert.equal(r.headers['content-encoding'], undefined);
  assert.ok(r.body.equals(css));
});

test('each coding is revalidated with a tag of its own', async () => {
  const br = await get('a.js', { 'accept-encoding': 'br' });
  const gz = await get('a.js', { 'accept-encoding': 'gzip' });
  assert.notEqual(br.headers.etag, gz.headers.etag);
  const again = await get('a.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  // A cached brotli copy is no use to a client that now takes gzip only.
  const other = await get('a.js', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag });
  assert.equal(other.status, 200);
  assert.equal(other.headers['content-encoding'], 'gzip');
});

test('a folder is its index.html, and without its slash a redirect to it', async () => {
  const r = await get('sub%20dir/');
  assert.equal(r.status, 200);
  assert.equal(r.body.toString(), '<p>sub</p>');
  // Relative URLs of the page resolve against the slash.
  const moved = await get('sub%20dir?x=1');
  assert.equal(moved.status, 301);
  assert.equal(moved.headers.location, '/sub%20dir/?x=1');
  assert.equal((await get('nothing-here')).status, 404);
  assert.equal((await get('a.js/below-a-file')).status, 404);
});
