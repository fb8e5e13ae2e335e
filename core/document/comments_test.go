package document

import (
	"fmt"
	"slices"
	"testing"

	textpkg "github.com/mdscheck/mdscheck/core/text"
)

// TestComments: the reader keeps the spans of a document's comments, by
// the fast path and by goccy's, and never a '#' of a scalar's text.
func TestComments(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"a: 1\n", nil},
		// The fast path: lines, ends of lines, after "---" and "-".
		{"# head\n--- # marker\na: 1 # one\nb: # two\n  - # three\n    c: 'x # y' # four\n  # five\n", []string{"# head", "# marker", "# one", "# two", "# three", "# four", "# five"}},
		{"a: b#c\nd: \"#e\" #f\n", []string{"#f"}},
		{"a: 1 # one # two\nb: # three # four\n", []string{"# one # two", "# three # four"}},
		{"a: 1 #\r\nb: 2\n", []string{"#"}},
		// Block scalars: a comment on the header's line, none in the text.
		{"a: | # header\n  # text\n  Suite #292\n# after\nb: 1\n", []string{"# header", "# after"}},
		{"--- >\nline1\n# no comment\nline3\n", nil},
		{"|\n%!PS-Adobe-2.0 # Not the first line\n", nil},
		{"a: |\n  x\n\n  # text\n  # more\nb: 1 # c\n", []string{"# c"}},
		// Quoted and plain scalars over lines.
		{"a: \"x\n  # y\" # z\n", []string{"# z"}},
		{"a: 'x\n  # y'\n", nil},
		{"a: one\n  two # c\nb: 1\n", []string{"# c"}},
		// goccy takes these comments into the scalar before them.
		{"a: 0\n -  #c\n", []string{"#c"}},
		{"0: 0\n -\n  #0\n  #1\nb: 2\n", []string{"#0", "#1"}},
		// Flow collections, properties, directives, the end marker.
		{"a: [b, # c\n  d] # e\n", []string{"# c", "# e"}},
		{"a: &x # c\n  b: !t # d\n    1\nc: *x # e\n", []string{"# c", "# d", "# e"}},
		{"%YAML 1.1 # c\n--- # d\na: 1\n... # e\n", []string{"# c", "# d", "# e"}},
		{"? a # c\n: b # d\n", []string{"# c", "# d"}},
		{"a: !!str\t#x\n", []string{"#x"}},
		// A document of comments alone.
		{"# only\n# comments\n", []string{"# only", "# comments"}},
	} {
		d := Parse(c.src, Span{0, len(c.src)}, 0, DefaultLimits)
		if d.Err != nil {
			t.Errorf("%q: %s", c.src, d.Err.Message)
			continue
		}
		var got []string
		for _, sp := range d.Comments {
			got = append(got, c.src[sp.Start:sp.End])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: comments %q, want %q", c.src, got, c.want)
		}
	}
}

// commentsByText finds the comments of a document that was read from its
// text and its tree: a '#' at the start of a line or after a blank that
// no scalar's text holds starts one. It is the rule the check used before
// the reader kept comments (told here a scalar's text from its tag and
// a block scalar's header), and holds the reader's comments to it.
func commentsByText(src string, d *Document) []Span {
	var scalars []Span
	var walk func(n *Node)
	walk = func(n *Node) {
		switch {
		case n == nil || n.Alias:
		case n.Kind == Scalar:
			start := n.Start
			if n.Tag != "" {
				// The text starts after the tag, and after the
				// anchor, blanks and comments that may follow it.
				start = afterProperties(src, start+len(n.Tag), n.End)
			}
			if n.Style == Literal || n.Style == Folded {
				// The text starts on the line after the header,
				// which may end in a comment.
				start = textpkg.LineEnd(src, start)
			}
			scalars = append(scalars, Span{start, n.End})
		default:
			for _, p := range n.Pairs {
				walk(p.Key)
				walk(p.Value)
			}
			for _, it := range n.Items {
				walk(it)
			}
		}
	}
	walk(d.Root)
	var out []Span
	for at := d.Start; at < d.End; at++ {
		if src[at] != '#' || at > 0 && !isBlankByte(src[at-1]) && src[at-1] != '\n' {
			continue
		}
		if slices.ContainsFunc(scalars, func(s Span) bool { return at >= s.Start && at < s.End }) {
			continue
		}
		end := textpkg.LineEnd(src, at)
		if src[end-1] == '\r' {
			end--
		}
		out = append(out, Span{at, end})
		at = end
	}
	return out
}

func TestCommentsAsText(t *testing.T) {
	for set, docs := range documentsOf(t) {
		n := 0
		for i, text := range docs {
			d := Parse(text, Span{0, len(text)}, 0, DefaultLimits)
			if d.Err != nil {
				continue
			}
			n++
			if got, want := fmt.Sprint(d.Comments), fmt.Sprint(commentsByText(text, d)); got != want {
				t.Errorf("%s %d: %q\nreader: %s\ntext:   %s", set, i, text, got, want)
			}
		}
		t.Logf("%s: %d documents", set, n)
	}
}

// TestCommentsCostAReaderNothing: a Reader keeps the memory of a
// document's comments for the next, as it does its tokens', so that a
// stream of commented manifests read by the fast path allocates no more
// than one without comments. (goccy's lexer allocates a token for each
// comment, as it always did.)
func TestCommentsCostAReaderNothing(t *testing.T) {
	src := "# a manifest\na: 1 # one\n# two\nb:\n  - c # three\n"
	plain := commentsOut(src)
	var rd Reader
	read := func(s string) float64 {
		return testing.AllocsPerRun(20, func() { rd.Read(s, Span{0, len(s)}, 0, DefaultLimits) })
	}
	if c, p := read(src), read(plain); c != p {
		t.Errorf("%v allocations, %v without the comments", c, p)
	}
}

// commentsOut blanks the comments of src, which holds no '#' but theirs.
func commentsOut(src string) string {
	b := []byte(src)
	for i := 0; i < len(b); i++ {
		if b[i] == '#' {
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// afterProperties returns where the text of a scalar starts that ends at
// end, after a tag that ends at at: past blanks, comments and an anchor.
func afterProperties(src string, at, end int) int {
	for at < end {
		switch c := src[at]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			at++
		case c == '#' || c == '&':
			for at < end && src[at] != '\n' && (c == '#' || src[at] != ' ') {
				at++
			}
		default:
			return at
		}
	}
	return at
}
