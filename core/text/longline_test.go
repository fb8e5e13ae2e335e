package text

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// naivePosition is Position as it was before marks: the line found by
// counting line feeds, its characters counted from its start.
func naivePosition(src string, offset int, enc Encoding) Position {
	offset = min(max(offset, 0), len(src))
	start := strings.LastIndexByte(src[:offset], '\n') + 1
	return Position{Line: strings.Count(src[:start], "\n"), Character: characters(src, start, offset, enc)}
}

// longText is a text of a few lines, some far longer than markEvery, of
// characters of one to four bytes, invalid bytes and CRLF breaks.
func longText(r *rand.Rand) string {
	pieces := []string{"a", "é", "€", "😀", "\xff", "\xe2\x82", " ", "\t", "\r\n", "\n"}
	var b strings.Builder
	for b.Len() < 12*markEvery {
		p := pieces[r.IntN(len(pieces))]
		if strings.HasSuffix(p, "\n") && r.IntN(200) != 0 {
			p = "x" // mostly long lines
		}
		b.WriteString(p)
	}
	return b.String()
}

// Converting offsets far into long lines counts from the lines' marks:
// the positions must be those counted from each line's start, in every
// encoding, for offsets in order, in reverse, in any order, and inside
// multi-byte characters, by an Index and by a Cursor.
func TestLongLinePositions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		src := longText(r)
		var offsets []int
		for range 400 {
			offsets = append(offsets, r.IntN(len(src)+1))
		}
		for k := 0; k <= len(src); k += 1 + r.IntN(300) {
			offsets = append(offsets, k) // in order
		}
		for k := len(src); k >= 0; k -= 1 + r.IntN(300) {
			offsets = append(offsets, k) // in reverse
		}
		for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
			x, c := NewIndex(src), NewCursor(src)
			for _, off := range offsets {
				want := naivePosition(src, off, enc)
				if got := x.Position(off, enc); got != want {
					t.Fatalf("round %d: Index.Position(%d, %d) = %v, want %v", round, off, enc, got, want)
				}
				if got := c.Position(off, enc); got != want {
					t.Fatalf("round %d: Cursor.Position(%d, %d) = %v, want %v", round, off, enc, got, want)
				}
			}
		}
	}
}

// An Index is shared by goroutines (a language server's views): its
// marks are made under a lock (go test -race).
func TestLongLineConcurrent(t *testing.T) {
	src := strings.Repeat("é😀a", 5*markEvery) + "\n" + strings.Repeat("€", 3*markEvery)
	x := NewIndex(src)
	done := make(chan bool)
	for g := range 4 {
		go func() {
			defer func() { done <- true }()
			for off := g; off < len(src); off += 997 {
				if got, want := x.Position(off, UTF16), naivePosition(src, off, UTF16); got != want {
					t.Errorf("Position(%d) = %v, want %v", off, got, want)
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
}

// BenchmarkLongLinePositions converts the ranges of n findings spread over one line of
// n*32 bytes of two-byte characters, by an Index and by a Cursor, the
// start and end of each finding: the time per finding should stay about
// the same from n=1000 to n=10000 (it grew with the line's length
// before marks).
//
//	go test ./core/text -run '^$' -bench LongLinePositions
func BenchmarkLongLinePositions(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := "key: " + strings.Repeat("é", n*16) + "\n"
		step := (len(src) - 6) / n
		for _, kind := range []string{"index", "cursor"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, kind), func(b *testing.B) {
				for b.Loop() {
					x, c := NewIndex(src), NewCursor(src)
					for i := range n {
						start := 5 + i*step
						if kind == "index" {
							x.Range(start, start+step, UTF16)
						} else {
							c.Range(start, start+step, UTF16)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/finding")
			})
		}
	}
}
