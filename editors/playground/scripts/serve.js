// A tiny static server for the built playground, on localhost only.
// `npm run serve` [-- [DIR] [--port N]]: DIR defaults to dist/ (npm run
// build); give ../../dist/playground for `make playground-dist`. PORT works
// too. Tests start it in-process.
// It knows nothing of the playground: it serves the files of a folder as
// they are, and where a file has a compressed twin beside it (main.js.br,
// main.js.gz, as scripts/dist.js writes them) and the browser accepts that
// coding, the twin, as nginx's brotli_static and gzip_static do.

import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

// The codings of compressed twins, best first, by their file suffix.
const CODINGS = [['br', '.br'], ['gzip', '.gz']];

/**
 * Whether an Accept-Encoding header accepts coding: named, or through *,
 * with a q above 0 (RFC 9110, 12.5.3).
 */
export function accepts(header, coding) {
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    if (name === '*') star = ok;
  }
  return star;
}

// stat is statSync, or null where there is nothing to serve.
function stat(path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

const isFile = (path) => stat(path)?.isFile() ?? false;

/**
 * Serves dir on host:port (port 0: any free one) and resolves to the
 * server and its URL. encodings: the codings whose twins it may send (the
 * first-load benchmark compares them).
 */
export function serve({
  dir = fileURLToPath(new URL('../dist/', import.meta.url)),
  port = 0,
  host = '127.0.0.1',
  encodings = CODINGS.map(([coding]) => coding),
} = {}) {
  const root = normalize(dir + sep);
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let path;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end('not found');
      return;
    }
    if (!isFile(file)) {
      // A folder without its slash: relative URLs in its index.html would
      // resolve against the parent, so send the browser to the slash, as
      // static servers do.
      // (One leading slash: //host/ would send it to another site.)
      if (stat(file)?.isDirectory()) {
        res.writeHead(301, { location: url.pathname.replace(/^\/+/, '/') + '/' + url.search }).end();
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // The first twin the browser accepts, else the file itself.
    let sent = file;
    let coding = null;
    for (const [name, suffix] of CODINGS) {
      if (encodings.includes(name) && accepts(req.headers['accept-encoding'], name) && isFile(file + suffix)) {
        sent = file + suffix;
        coding = name;
        break;
      }
    }
    const st = stat(sent);
    // Revalidated on every load, so a rebuild shows at once; an unchanged
    // file is a 304, and the browser reuses its cached copy (and the code
    // it compiled from the .wasm). Each coding is its own representation,
    // with its own tag, and caches must key on Accept-Encoding.
    const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}${coding ? '-' + coding : ''}"`;
    const headers = {
      'cache-control': 'no-cache',
      etag,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      ...(coding && { 'content-encoding': coding }),
      'content-length': st.size,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      resolve({ server, url: `http://${host}:${p}/` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--port');
  const port = Number(i >= 0 ? args.splice(i, 2)[1] : process.env.PORT ?? 8080);
  try {
    const { url } = await serve({ port, ...(args[0] && { dir: resolve(args[0]) }) });
    console.log(`mdscheck playground: ${url}  (Ctrl-C stops)`);
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  }
}
