// A small reader of zip archives (a .vsix is one), enough for the tests:
// the central directory's entries with their Unix mode, and their bytes.
import { inflateRawSync } from "node:zlib";

/**
 * readZip returns the entries of the archive in buf, by name:
 * { name, mode, size, data() }. It throws on what it does not understand.
 */
export function readZip(buf) {
  // The end of central directory record: signature 0x06054b50, in the
  // last 64 KiB + 22 bytes (a comment may follow it).
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    throw new Error("not a zip archive: no end of central directory");
  }
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) {
      throw new Error(`bad central directory entry at ${p}`);
    }
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString("utf8", p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    const data = () => {
      if (buf.readUInt32LE(local) !== 0x04034b50) {
        throw new Error(`bad local header of ${name}`);
      }
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const raw = buf.subarray(start, start + compressed);
      if (method === 0) {
        return Buffer.from(raw);
      }
      if (method === 8) {
        return inflateRawSync(raw);
      }
      throw new Error(`${name}: compression method ${method} not supported`);
    };
    entries.set(name, { name, mode: external >>> 16, size, data });
  }
  return entries;
}
