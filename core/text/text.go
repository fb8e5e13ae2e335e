// Package text converts between byte offsets into a text and positions as
// editors and protocols count them: 0-based lines and 0-based characters in
// UTF-16 code units (LSP's default), UTF-8 bytes or Unicode code points.
// Everything else in mdscheck stores byte offsets and converts only here.
package text

import (
	"sort"
	"strings"
	"sync/atomic"
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

	// long holds the marks of the long lines, made once an offset far
	// into one is converted. It is atomic, not locked: an Index may be
	// shared by goroutines, and the core does not import sync.
	long atomic.Pointer[longLines]
}

// longLines are the lines of a text that an offset can be markEvery bytes
// into, in order, and the marks of each, made once it is needed.
type longLines struct {
	lines []int
	marks []atomic.Pointer[[]mark]
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
	start := x.lines[line]
	if enc == UTF8 || offset-start < markEvery {
		return Position{Line: line, Character: characters(x.src, start, offset, enc)}
	}
	ms := x.marksOf(line)
	return Position{Line: line, Character: charactersFrom(x.src, start, offset, enc, ms)}
}

// marksOf returns the marks of line, which is long. Two goroutines may
// both make them; they make the same.
func (x *Index) marksOf(line int) []mark {
	ll := x.long.Load()
	if ll == nil {
		ll = &longLines{}
		for l, start := range x.lines {
			end := len(x.src)
			if l+1 < len(x.lines) {
				end = x.lines[l+1] - 1
			}
			if end-start >= markEvery {
				ll.lines = append(ll.lines, l)
			}
		}
		ll.marks = make([]atomic.Pointer[[]mark], len(ll.lines))
		if !x.long.CompareAndSwap(nil, ll) {
			ll = x.long.Load()
		}
	}
	k := sort.SearchInts(ll.lines, line)
	if p := ll.marks[k].Load(); p != nil {
		return *p
	}
	ms := marksOf(x.src, x.lines[line], x.LineEnd(line))
	ll.marks[k].Store(&ms)
	return ms
}

// markEvery is how many bytes of a line lie between two marks: counting
// the characters of a line from its nearest mark costs at most as much,
// and marks take 24 bytes for each markEvery bytes of the lines that have
// them.
const markEvery = 1024

// A mark is a character's offset on a line and how many characters come
// before it on the line, in UTF-16 and in UTF-32: where characters would
// be at, counting from the line's start, with that count. The marks of a
// line let the characters before any offset on it be counted from the
// nearest mark, so that converting many offsets of one long line costs
// the line once, rather than once for each offset.
type mark struct{ at, n16, n32 int }

// marksOf marks the line src[start:end]: its k-th mark (from 0) is at
// the first character that starts at or after start+(k+1)*markEvery.
func marksOf(src string, start, end int) []mark {
	ms := make([]mark, 0, (end-start)/markEvery)
	n16, n32 := 0, 0
	next := start + markEvery
	for i := start; i < end; {
		if i >= next {
			ms = append(ms, mark{i, n16, n32})
			next += markEvery
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		i += size
		n16++
		n32++
		if r >= 0x10000 {
			n16++
		}
	}
	return ms
}

// charactersFrom is characters(src, start, offset, enc), counted from the
// nearest of the line's marks at or before offset. Marks are at offsets
// the count from start passes through, so the counts agree.
func charactersFrom(src string, start, offset int, enc Encoding, ms []mark) int {
	k := min((offset-start)/markEvery-1, len(ms)-1)
	for k >= 0 && ms[k].at > offset {
		k--
	}
	if k < 0 {
		return characters(src, start, offset, enc)
	}
	n := ms[k].n32
	if enc == UTF16 {
		n = ms[k].n16
	}
	return n + characters(src, ms[k].at, offset, enc)
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
	last     int // the offset converted last
	// prev is the line the cursor was on before, and how far it is known
	// to reach: a finding's range may end lines below its start, and the
	// next finding start on the first line again.
	prev  struct{ line, at, upto int }
	marks map[int][]mark // by a line's start: as Index's
}

// NewCursor returns a Cursor over src, at its first line.
func NewCursor(src string) *Cursor {
	return &Cursor{src: src, prev: struct{ line, at, upto int }{-1, -1, -1}}
}

// Position converts a byte offset to a position in enc, as Index.Position.
// It scans only the text between the offset and the one converted last
// (not back to the start of the offset's line), and counts characters
// from a mark of the line: many offsets of one long line cost the line
// once.
func (c *Cursor) Position(offset int, enc Encoding) Position {
	offset = min(max(offset, 0), len(c.src))
	switch {
	case offset >= c.last:
		seg := c.src[c.last:offset]
		if i := strings.IndexByte(seg, '\n'); i >= 0 {
			c.prev.line, c.prev.at, c.prev.upto = c.line, c.at, c.last+i
			c.line += strings.Count(seg, "\n")
			c.at = c.last + strings.LastIndexByte(seg, '\n') + 1
		}
	case offset >= c.at:
		// on the line of the offset converted last
	case offset >= c.prev.at && offset <= c.prev.upto:
		c.prev, c.line, c.at = struct{ line, at, upto int }{c.line, c.at, c.last}, c.prev.line, c.prev.at
	default:
		c.prev.line, c.prev.at, c.prev.upto = c.line, c.at, c.last
		start := LineStart(c.src, offset)
		c.line -= strings.Count(c.src[start:c.at], "\n")
		c.at = start
	}
	c.last = offset
	if enc == UTF8 || offset-c.at < markEvery {
		return Position{Line: c.line, Character: characters(c.src, c.at, offset, enc)}
	}
	ms, ok := c.marks[c.at]
	if !ok {
		if c.marks == nil {
			c.marks = map[int][]mark{}
		}
		ms = marksOf(c.src, c.at, LineBreak(c.src, c.at))
		c.marks[c.at] = ms
	}
	return Position{Line: c.line, Character: charactersFrom(c.src, c.at, offset, enc, ms)}
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
