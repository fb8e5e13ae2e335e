// LSP snippets ($1, ${1:text}, ${1|a,b|}, $0) as CodeMirror snippet
// templates (${1}, ${1:text}, ${0}; literal braces escaped).

const lit = (c) => (c === '{' || c === '}' ? '\\' + c : c);

// parse reads s from i; inside a placeholder (nested) it stops at the
// closing brace. Nested placeholders keep only their text: CodeMirror
// fields do not nest.
function parse(s, i, nested) {
  let out = '';
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && '$}\\,|'.includes(s[i + 1])) {
      out += lit(s[i + 1]);
      i += 2;
      continue;
    }
    if (nested && c === '}') return [out, i + 1];
    if (c === '$') {
      const rest = s.slice(i);
      let m = /^\$(\d+)/.exec(rest) || /^\$\{(\d+)\}/.exec(rest);
      if (m) {
        if (!nested) out += '${' + m[1] + '}';
        i += m[0].length;
        continue;
      }
      m = /^\$\{(\d+):/.exec(rest);
      if (m) {
        const [inner, j] = parse(s, i + m[0].length, true);
        out += nested ? inner : '${' + m[1] + ':' + inner + '}';
        i = j;
        continue;
      }
      m = /^\$\{(\d+)\|((?:\\.|[^|\\])*)\|\}/.exec(rest);
      if (m) {
        // A choice becomes a field holding the first choice; completion of
        // values offers the others once the field is selected.
        const first = /^(?:\\.|[^,\\])*/.exec(m[2])[0];
        const [text] = parse(first, 0, false);
        out += nested ? text : '${' + m[1] + ':' + text + '}';
        i += m[0].length;
        continue;
      }
    }
    out += lit(c);
    i++;
  }
  return [out, i];
}

/**
 * Converts an LSP snippet to a CodeMirror template. The checker writes
 * every line of a snippet with its full indentation; CodeMirror adds the
 * indentation of the line the snippet starts on, so that much is taken
 * off each following line.
 * @param {string} lsp
 * @param {string} [lineIndent] leading whitespace of the line the snippet starts on
 */
export function toCodeMirror(lsp, lineIndent = '') {
  let s = lsp;
  if (lineIndent) s = s.split('\n').map((l, i) => (i > 0 && l.startsWith(lineIndent) ? l.slice(lineIndent.length) : l)).join('\n');
  return parse(s, 0, false)[0];
}
