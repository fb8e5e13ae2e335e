// LSP positions (0-based line, UTF-16 character) and CodeMirror offsets.
// CodeMirror counts UTF-16 units too and splits lines on \n, \r\n and \r
// alike, as the core does, so a position converts by line arithmetic.

/**
 * The offset in doc of an LSP position; past the end of a line or of the
 * text it clamps, as LSP asks.
 * @param {import('@codemirror/state').Text} doc
 * @param {{line: number, character: number}} pos
 */
export function toOffset(doc, pos) {
  if (pos.line >= doc.lines) return doc.length;
  if (pos.line < 0) return 0;
  const line = doc.line(pos.line + 1);
  return Math.min(line.from + Math.max(pos.character, 0), line.to);
}

/**
 * The LSP position of an offset in doc.
 * @param {import('@codemirror/state').Text} doc
 * @param {number} offset
 */
export function toPosition(doc, offset) {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}
