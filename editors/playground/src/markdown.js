// The small part of Markdown that the checker writes in hover and
// completion documentation: paragraphs, "- " lists, headings, fenced code,
// `code`, **bold**, *emphasis* and http(s) links. Everything is escaped
// first, so the result is safe to put into innerHTML.

const escapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML. */
export function escapeHTML(s) {
  return s.replace(/[&<>"']/g, (c) => escapes[c]);
}

function inline(s) {
  // Code spans first, kept apart so that nothing inside them is formatted.
  const parts = s.split(/(`[^`]*`)/);
  return parts.map((p, i) => {
    if (i % 2 === 1) return '<code>' + escapeHTML(p.slice(1, -1)) + '</code>';
    let h = escapeHTML(p);
    h = h.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
    h = h.replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>');
    h = h.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>');
    return h;
  }).join('');
}

/**
 * Renders the Markdown subset to HTML.
 * @param {string} md
 * @returns {string}
 */
export function renderMarkdown(md) {
  const out = [];
  let para = [];
  let list = null;
  const flush = () => {
    if (para.length) out.push('<p>' + inline(para.join(' ')) + '</p>');
    if (list) out.push('<ul>' + list.map((li) => '<li>' + inline(li) + '</li>').join('') + '</ul>');
    para = [];
    list = null;
  };
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      flush();
      const code = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
      out.push('<pre><code>' + escapeHTML(code.join('\n')) + '</code></pre>');
      continue;
    }
    const item = /^\s*[-*] (.*)$/.exec(line);
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      out.push(`<h${heading[1].length + 2}>` + inline(heading[2]) + `</h${heading[1].length + 2}>`);
    } else if (item) {
      if (para.length) {
        out.push('<p>' + inline(para.join(' ')) + '</p>');
        para = [];
      }
      (list ??= []).push(item[1]);
    } else if (list && /^\s+\S/.test(line)) {
      list[list.length - 1] += ' ' + line.trim();
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.join('');
}
