// Permalinks: the text, deflated (CompressionStream "deflate-raw") and
// base64url-encoded, in the URL hash after "#code=", and the previous
// version, when it is compared, the same way after "&prev=". A link ends
// up in chats, issues, browser history and sync, so secret values never go
// into one: redact replaces them first, in both texts.

import { toOffset } from './positions.js';

/** The hash prefix of a permalink. */
export const PREFIX = '#code=';

/** What comes before the previous version in a permalink's hash. */
export const PREVIOUS = '&prev=';

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
 * What a secret value becomes in a link. YAML reads it as a plain string
 * in block and flow context alike (no indicator starts it, it holds no
 * `,` `[` `]` `{` `}` `: ` or ` #`), so the manifest still parses, and a
 * reader sees at once what was taken out.
 */
export const SECRET = '<secret>';

/**
 * The text of doc with every secret range replaced by SECRET, and how
 * many were replaced.
 * @param {import('@codemirror/state').Text} doc
 * @param {{start: {line: number, character: number}, end: {line: number, character: number}}[]} ranges
 *   the `secrets` of the checker's result for exactly this doc (UTF-16)
 * @returns {{text: string, replaced: number}}
 */
export function redact(doc, ranges) {
  // The checker promises ranges in order and without overlaps; sorting and
  // merging anyway costs nothing and means a broken promise cannot leave
  // part of a secret in the link.
  const spans = ranges
    .map((r) => [toOffset(doc, r.start), toOffset(doc, r.end)])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  const text = doc.toString();
  const outside = [];
  let at = 0;
  for (const [from, to] of merged) {
    outside.push(text.slice(at, from));
    at = to;
  }
  outside.push(text.slice(at));
  const kept = outside.join('\n');
  let out = outside[0];
  merged.forEach(([from, to], i) => {
    out += lines(text.slice(from, to), kept, outside[i + 1]) + outside[i + 1];
  });
  return { text: out, replaced: merged.length };
}

// A node's properties before its value: an anchor (&name) or a tag (!tag),
// then space, then more of the value.
const PROPERTY = /^([&!])([^\s,[\]{}]*)\s+(?=\S)/;

// lines is replacement of value, a range that may go over lines (the
// checker joins ranges that only blanks and line breaks part, so that a
// value over a million lines is one range), whose last line may be a key
// when a colon follows it: a secret that ends a line and one that starts
// the next as a key (`key: S` then `P: 1`) stay two lines, each replaced,
// and the link stays YAML.
function lines(value, kept, after) {
  const m = /^([\s\S]*\S[\s\S]*?)(\r?\n)([\s\S]*)$/.exec(value);
  if (!m || !/^:/.test(after) || !/\S/.test(m[3])) return replacement(value, kept);
  return replacement(m[1], kept) + m[2] + replacement(m[3], kept);
}

// replacement is what stands for one secret value in the link: SECRET,
// with the white space around it kept (a range may start at a line's
// indentation or end at a line break), and with its anchor kept where an
// alias outside the secrets names it, so that the alias still resolves;
// the name is in the link already then. Any other anchor may be part of
// the secret (`password: &abc def` is an anchor and a value in YAML), and
// tags go, so that no tag asks for a type SECRET is not.
function replacement(value, kept) {
  let [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(value);
  // An alias's name ends before a flow indicator, so `]`, `}` and `,`
  // after it are the flow collection's, never the secret's: they stay, and
  // the collection stays closed. (The checker's range of an alias in a
  // flow mapping has been seen to take the `}` after it.)
  const alias = /^(\*[^\s,[\]{}]+)([\]},\s]+)$/.exec(body);
  if (alias) {
    body = alias[1];
    trail = alias[2] + trail;
  }
  // A block sequence may stand at its key's indentation (key:\n- item):
  // SECRET alone there would be a key without a colon. An item of SECRET
  // keeps the link YAML.
  if (/^-(\s|$)/.test(body)) return lead + '- ' + SECRET + trail;
  let anchors = '';
  let rest = body;
  for (let m; (m = PROPERTY.exec(rest)); rest = rest.slice(m[0].length)) {
    if (m[1] === '&' && m[2] && aliased(m[2], kept)) anchors += `&${m[2]} `;
  }
  return lead + anchors + SECRET + trail;
}

// aliased reports whether text holds the alias *name (an alias ends where
// the name's characters end).
function aliased(name, text) {
  for (let i = text.indexOf('*' + name); i >= 0; i = text.indexOf('*' + name, i + 1)) {
    const next = text[i + 1 + name.length];
    if (next === undefined || /[\s,[\]{}]/.test(next)) return true;
  }
  return false;
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * The hash that carries text, and the previous version when one is given.
 * @param {string} text
 * @param {string | null} [previous]
 * @returns {Promise<string>}
 */
export async function encode(text, previous = null) {
  const hash = PREFIX + (await deflate(text));
  return previous === null ? hash : hash + PREVIOUS + (await deflate(previous));
}

/**
 * The text a hash carries, or null when the hash is no permalink. A
 * damaged link is an Error with a message for people.
 * @param {string} hash
 * @returns {Promise<string | null>}
 */
export async function decode(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const end = hash.indexOf(PREVIOUS);
  return inflate(hash.slice(PREFIX.length, end < 0 ? hash.length : end));
}

/**
 * The previous version a hash carries, or null when it carries none.
 * @param {string} hash
 * @returns {Promise<string | null>}
 */
export async function decodePrevious(hash) {
  const at = hash.indexOf(PREVIOUS);
  if (!hash.startsWith(PREFIX) || at < 0) return null;
  return inflate(hash.slice(at + PREVIOUS.length));
}

async function inflate(code) {
  const bytes = fromBase64url(code);
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
