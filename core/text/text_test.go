package text

import (
	"slices"
	"testing"
)

func TestPositionRoundTrip(t *testing.T) {
	src := "a: é\r\nb: 😀x\nc"
	x := NewIndex(src)
	cases := []struct {
		offset int
		enc    Encoding
		want   Position
	}{
		{0, UTF16, Position{0, 0}},
		{3, UTF16, Position{0, 3}},
		{5, UTF16, Position{0, 4}}, // after é (2 bytes, 1 unit)
		{7, UTF16, Position{1, 0}},
		{14, UTF16, Position{1, 5}}, // after 😀 (4 bytes, 2 units)
		{14, UTF32, Position{1, 4}},
		{14, UTF8, Position{1, 7}},
		{17, UTF16, Position{2, 1}},
	}
	for _, c := range cases {
		got := x.Position(c.offset, c.enc)
		if got != c.want {
			t.Errorf("Position(%d, %d) = %v, want %v", c.offset, c.enc, got, c.want)
		}
		if back := x.Offset(got, c.enc); back != c.offset {
			t.Errorf("Offset(%v, %d) = %d, want %d", got, c.enc, back, c.offset)
		}
	}
}

func TestOffsetClamps(t *testing.T) {
	x := NewIndex("ab\r\ncd")
	if got := x.Offset(Position{0, 99}, UTF16); got != 2 {
		t.Errorf("past line end: got %d, want 2 (before CR)", got)
	}
	if got := x.Offset(Position{9, 0}, UTF16); got != 6 {
		t.Errorf("past last line: got %d, want 6", got)
	}
	if got := x.Line(0); got != "ab" {
		t.Errorf("Line(0) = %q", got)
	}
	// A position inside a surrogate pair stays before the character.
	y := NewIndex("😀")
	if got := y.Offset(Position{0, 1}, UTF16); got != 0 {
		t.Errorf("inside surrogate pair: got %d", got)
	}
	// So does a position inside a character's UTF-8 bytes: an edit there
	// must not split it.
	z := NewIndex("a😀b")
	for c, want := range []int{0, 1, 1, 1, 1, 5, 6} {
		if got := z.Offset(Position{0, c}, UTF8); got != want {
			t.Errorf("UTF-8 character %d: got %d, want %d", c, got, want)
		}
	}
}

func TestLineEnd(t *testing.T) {
	s := "ab\r\ncd\n\nef"
	for _, c := range []struct{ off, want int }{{0, 3}, {2, 3}, {3, 3}, {4, 6}, {7, 7}, {8, 10}, {10, 10}, {99, 10}} {
		if got := LineEnd(s, c.off); got != c.want {
			t.Errorf("LineEnd(%q, %d) = %d, want %d", s, c.off, got, c.want)
		}
	}
}

func TestLineStartAndBreak(t *testing.T) {
	s := "ab\r\ncd\n\nef"
	for _, c := range []struct{ off, start, brk int }{
		{0, 0, 2}, {2, 0, 2}, {3, 0, 3}, {4, 4, 6}, {6, 4, 6}, {7, 7, 7}, {8, 8, 10}, {10, 8, 10}, {99, 8, 10},
	} {
		if got := LineStart(s, c.off); got != c.start {
			t.Errorf("LineStart(%q, %d) = %d, want %d", s, c.off, got, c.start)
		}
		if got := LineBreak(s, c.off); got != c.brk {
			t.Errorf("LineBreak(%q, %d) = %d, want %d", s, c.off, got, c.brk)
		}
	}
	for line, want := range []int{0, 4, 7, 8, 8} {
		if off, reached := SeekLine(s, line); off != want || reached != min(line, 3) {
			t.Errorf("SeekLine(%q, %d) = %d, %d; want %d, %d", s, line, off, reached, want, min(line, 3))
		}
	}
	// Where Index puts the end of every line.
	idx := NewIndex(s)
	for line := range idx.Lines() {
		if got, want := LineBreak(s, idx.LineStart(line)), idx.LineEnd(line); got != want {
			t.Errorf("line %d: LineBreak %d, Index.LineEnd %d", line, got, want)
		}
	}
}

// TestCursorAsIndex: a Cursor gives the positions an Index gives, for
// offsets in order, backwards and scattered, in every encoding, on a text
// of CRLF lines, characters of two, three and four bytes and a last line
// without a line break.
func TestCursorAsIndex(t *testing.T) {
	src := "a: é\r\nb: 😀x\n\n\r\nkey: \"€😀\"\r\n  - 𝒫\nend"
	idx := NewIndex(src)
	var offsets []int
	for off := -1; off <= len(src)+1; off++ {
		offsets = append(offsets, off)
	}
	backwards := slices.Clone(offsets)
	slices.Reverse(backwards)
	scattered := []int{len(src), 0, 7, 3, 20, 19, 8, len(src) - 2, 1, 12}
	for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
		for _, order := range [][]int{offsets, backwards, scattered} {
			c := NewCursor(src)
			for _, off := range order {
				if got, want := c.Position(off, enc), idx.Position(off, enc); got != want {
					t.Errorf("encoding %d, offset %d: Cursor %+v, Index %+v", enc, off, got, want)
				}
			}
		}
	}
}
