// Permalinks: the text, deflated (CompressionStream "deflate-raw") and
// base64url-encoded, in the URL hash after "#code=".

/** The hash prefix of a permalink. */
export const PREFIX = '#code=';

// A link is never trusted to be small once inflated.
const MAX_TEXT_BYTES = 4 << 20;

function toBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('the link is damaged: it has characters base64url does not use');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * The hash that carries text.
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function encode(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return PREFIX + toBase64url(bytes);
}

/**
 * The text a hash carries, or null when the hash is no permalink. A
 * damaged link is an Error with a message for people.
 * @param {string} hash
 * @returns {Promise<string | null>}
 */
export async function decode(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const bytes = fromBase64url(hash.slice(PREFIX.length));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch {
      throw new Error('the link is damaged: its text does not inflate');
    }
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > MAX_TEXT_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Error(`the link holds more than ${MAX_TEXT_BYTES >> 20} MB of text`);
    }
    chunks.push(chunk.value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw new Error('the link is damaged: its text is not UTF-8');
  }
}
