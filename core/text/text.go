// Package text converts between byte offsets into a text and positions as
// editors and protocols count them: 0-based lines and 0-based characters in
// UTF-16 code units (LSP's default), UTF-8 bytes or Unicode code points.
// Everything else in mdscheck stores byte offsets and converts only here.
package text

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Encoding is the unit a Position's Character counts.
type Encoding int

// The encodings of LSP's positionEncoding (and the wasm ABI's opts bits).
const (
	UTF16 Encoding = iota
	UTF8
	UTF32
)

// Position is a 0-based line and character.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open span between two positions.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Index maps offsets of one text to positions and back. A line ends after
// "\n"; a "\r" before it belongs to the line break, so CRLF files count
// characters as editors do.
type Index struct {
	src   string
	lines []int // byte offset of the start of each line
}

// NewIndex indexes src.
func NewIndex(src string) *Index {
	// Counted first (strings.Count is vectorised): growing by append a
	// list of 16 million lines allocated five times what it holds.
	lines := make([]int, 1, strings.Count(src, "\n")+1)
	for at := 0; ; {
		i := strings.IndexByte(src[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
		lines = append(lines, at)
	}
	return &Index{src: src, lines: lines}
}

// Lines returns the number of lines.
func (x *Index) Lines() int { return len(x.lines) }

// LineStart returns the offset of the start of line (clamped).
func (x *Index) LineStart(line int) int {
	if line < 0 {
		return 0
	}
	if line >= len(x.lines) {
		return len(x.src)
	}
	return x.lines[line]
}

// LineEnd returns the offset of the end of line, before its line break.
func (x *Index) LineEnd(line int) int {
	if line < 0 {
		line = 0
	}
	end := len(x.src)
	if line+1 < len(x.lines) {
		end = x.lines[line+1] - 1
		if end > x.lines[line] && x.src[end-1] == '\r' {
			end--
		}
	}
	return end
}

// Line returns the text of line without its line break.
func (x *Index) Line(line int) string {
	if line < 0 || line >= len(x.lines) {
		return ""
	}
	return x.src[x.lines[line]:x.LineEnd(line)]
}

// LineOf returns the 0-based line that holds offset.
func (x *Index) LineOf(offset int) int {
	return sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > offset }) - 1
}

// Position converts a byte offset to a position in enc. An offset inside a
// multi-byte character counts as that character's start.
func (x *Index) Position(offset int, enc Encoding) Position {
	if offset < 0 {
		offset = 0
	}
	if offset > len(x.src) {
		offset = len(x.src)
	}
	line := x.LineOf(offset)
	return Position{Line: line, Character: characters(x.src, x.lines[line], offset, enc)}
}

// characters counts the characters of src[start:offset] in enc. A
// character that offset cuts is not counted.
func characters(src string, start, offset int, enc Encoding) int {
	if enc == UTF8 {
		return offset - start
	}
	n := 0
	for i := start; i < offset; {
		r, size := utf8.DecodeRuneInString(src[i:])
		if i+size > offset {
			break
		}
		i += size
		n++
		if enc == UTF16 && r >= 0x10000 {
			n++
		}
	}
	return n
}

// Range converts a span of offsets.
func (x *Index) Range(start, end int, enc Encoding) Range {
	return Range{Start: x.Position(start, enc), End: x.Position(end, enc)}
}

// Offset converts a position in enc to a byte offset. Positions past the end
// of a line clamp to its end, and lines past the end of the text to the end
// of the text, as LSP asks.
func (x *Index) Offset(p Position, enc Encoding) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(x.lines) {
		return len(x.src)
	}
	start, end := x.lines[p.Line], x.LineEnd(p.Line)
	if enc == UTF8 {
		if p.Character < 0 {
			return start
		}
		if start+p.Character > end {
			return end
		}
		// Inside a character's bytes: stay before the character, as inside
		// a surrogate pair in UTF-16, so that an edit never splits one.
		i := start + p.Character
		for i > start && i < len(x.src) && !utf8.RuneStart(x.src[i]) {
			i--
		}
		return i
	}
	n := 0
	i := start
	for i < end && n < p.Character {
		r, size := utf8.DecodeRuneInString(x.src[i:])
		w := 1
		if enc == UTF16 && r >= 0x10000 {
			w = 2
		}
		if n+w > p.Character {
			break // inside a surrogate pair: stay before the character
		}
		n += w
		i += size
	}
	return i
}

// A Cursor converts offsets of a text to positions as an Index does, but
// without indexing the text: it counts the lines between the offset it
// converted last and the next. Offsets converted in order cost one pass
// over the text up to the last of them and no allocation: for the few
// positions a language server publishes in a stream of thousands of
// documents, which changes with every keystroke.
type Cursor struct {
	src      string
	line, at int // the line of the offset converted last, and its start
}

// NewCursor returns a Cursor over src, at its first line.
func NewCursor(src string) *Cursor { return &Cursor{src: src} }

// Position converts a byte offset to a position in enc, as Index.Position.
func (c *Cursor) Position(offset int, enc Encoding) Position {
	offset = min(max(offset, 0), len(c.src))
	start := LineStart(c.src, offset)
	if start >= c.at {
		c.line += strings.Count(c.src[c.at:start], "\n")
	} else {
		c.line -= strings.Count(c.src[start:c.at], "\n")
	}
	c.at = start
	return Position{Line: c.line, Character: characters(c.src, start, offset, enc)}
}

// Range converts a span of offsets.
func (c *Cursor) Range(start, end int, enc Encoding) Range {
	return Range{Start: c.Position(start, enc), End: c.Position(end, enc)}
}

// The functions below find a line's bounds from an offset by a scan of
// that line alone: for code that looks at a line or two of a text it has
// no Index of (a checker on one document of a large stream).

// SeekLine returns the offset of the start of line in s, and the line it
// reached: the last line of s when s has fewer lines.
func SeekLine(s string, line int) (offset, reached int) {
	for reached < line {
		i := strings.IndexByte(s[offset:], '\n')
		if i < 0 {
			break
		}
		offset += i + 1
		reached++
	}
	return offset, reached
}

// LineStart returns the offset of the start of the line of s that holds
// off. An offset past the end is on the last line.
func LineStart(s string, off int) int {
	off = min(max(off, 0), len(s))
	return strings.LastIndexByte(s[:off], '\n') + 1
}

// LineEnd returns the offset of the end of the line of s that holds off,
// before its line feed; len(s) on the last line. An offset past the end
// is the end.
func LineEnd(s string, off int) int {
	if off >= len(s) {
		return len(s)
	}
	if i := strings.IndexByte(s[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(s)
}

// LineBreak returns where the line of s that holds off breaks: LineEnd,
// or the carriage return before it when the line ends in CRLF. It is
// where Index.LineEnd puts the end of a line, and where the text of the
// line ends as an editor shows it.
func LineBreak(s string, off int) int {
	e := LineEnd(s, off)
	if e > off && e < len(s) && s[e-1] == '\r' {
		e--
	}
	return e
}
