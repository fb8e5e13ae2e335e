package document

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Each hostile input ends in bounded time and memory with a diagnostic that
// names the limit. (Speed is measured by benchmarks, not asserted here; a
// regression to quadratic time shows up as a test timeout.)
func TestLimits(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for i := 0; i < 9; i++ {
		name := fmt.Sprintf("b%d", i)
		bomb += fmt.Sprintf("%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	mergeBomb := "a: &a {k0: v}\n"
	prev = "a"
	for i := 0; i < 12; i++ {
		name := fmt.Sprintf("m%d", i)
		mergeBomb += fmt.Sprintf("%s: &%s\n  x: [*%s, *%s, *%s, *%s]\n  <<: [*%s, *%s]\n", name, name, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	var keys strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&keys, "k%d: v\n", i)
	}
	var flowKeys strings.Builder
	flowKeys.WriteString("{")
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&flowKeys, "k%d: v, ", i)
	}
	flowKeys.WriteString("}")
	var deepBlock strings.Builder
	for i := 0; i < 2000; i++ {
		deepBlock.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	cases := []struct {
		name, src, limit string
	}{
		{"nested flow sequences", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "nesting depth"},
		{"nested flow mappings", strings.Repeat("{a: ", 50000) + "1" + strings.Repeat("}", 50000), "nesting depth"},
		{"nested block mappings", deepBlock.String(), "nesting depth"},
		{"keys in one mapping", keys.String(), "number of keys in one mapping"},
		{"keys in one flow mapping", flowKeys.String(), "number of keys in one mapping"},
		{"alias bomb", bomb, "alias expansion"},
		{"merge bomb", mergeBomb, "alias expansion"},
		{"huge document", "a: \"" + strings.Repeat("x", 5<<20) + "\"\n", "document size"},
		{"a megabyte of [", strings.Repeat("[", 1<<20), "nesting depth"},
		{"a megabyte of { under a key", "a:\n" + strings.Repeat("{", 1<<20), "nesting depth"},
		{"nested sequences on one line", strings.Repeat("- ", 1<<19), "tokens"},
		{"a long flow list", "[" + strings.Repeat("a,", 1<<20) + "]", "tokens"},
		{"many short keys", strings.Repeat("k: v\n", 240000), "tokens"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ParseStream(c.src, DefaultLimits)
			if len(s.Docs) != 1 {
				t.Fatalf("%d documents", len(s.Docs))
			}
			e := s.Docs[0].Err
			if e == nil || e.Limit != c.limit {
				t.Fatalf("got error %+v, want limit %q", e, c.limit)
			}
			if !strings.Contains(e.Message, "limit") {
				t.Errorf("message does not name the limit: %s", e.Message)
			}
		})
	}
}

// TestLimitsBeforeTheLexer: the limits that guard the lexer fire before it
// runs, so a hostile megabyte costs a few megabytes, not the 365 MB that
// goccy's tokens of a megabyte of "[" took. The bound is generous.
func TestLimitsBeforeTheLexer(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("[", 1<<20),
		strings.Repeat("{a: ", 1<<18),
		strings.Repeat("- ", 1<<19),
		strings.Repeat("a: ", 1<<19),
		"[" + strings.Repeat("a,", 1<<20) + "]",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d := Parse(src, Span{0, len(src)}, 0, DefaultLimits)
		runtime.ReadMemStats(&after)
		if d.Err == nil || d.Err.Limit == "" {
			t.Errorf("%.8q...: no limit: %+v", src, d.Err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
			t.Errorf("%.8q...: allocated %d MB before the limit fired", src, got>>20)
		}
	}
}

// TestBudgetSkipsWhatIsNotStructure: brackets inside quotes, comments,
// plain words and block scalars are not flow collections, and a block
// scalar's text is one token however many words it has.
func TestBudgetSkipsWhatIsNotStructure(t *testing.T) {
	deep := strings.Repeat("[", 100)
	lim := DefaultLimits
	lim.Tokens = 40
	for _, src := range []string{
		"a: \"" + deep + "\"\nb: '" + deep + "'\n",
		"a: 1 # " + deep + "\n",
		"pattern: ^" + deep + "a-z$\n",
		"a: |\n  " + deep + "\n  " + strings.Repeat("word ", 200) + "\nb: 1\n",
		"- a: >-\n    " + deep + "\n- b\n",
		"a: \"multi\n  line " + deep + "\"\n",
		"a: 'it''s " + deep + "'\n",
	} {
		if err := budget(src, 0, lim); err != nil {
			t.Errorf("%q: %s", src, err.Message)
		}
	}
	for _, src := range []string{
		"a: [" + deep + "]\n",
		"a: |\nb: " + deep + "\n", // an empty block scalar: the next line is structure
		"- a: |\n " + deep + "\n", // less indented than the key: not the scalar's text
	} {
		if err := budget(src, 0, DefaultLimits); err == nil || err.Limit != "nesting depth" {
			t.Errorf("%q: got %+v, want the nesting depth limit", src, err)
		}
	}
}

func TestStreamLimit(t *testing.T) {
	lim := DefaultLimits
	lim.StreamBytes = 100
	s := ParseStream(strings.Repeat("a: b\n", 30), lim)
	if len(s.Docs) != 1 || s.Docs[0].Err == nil || s.Docs[0].Err.Limit != "stream size" {
		t.Fatalf("got %+v", s.Docs)
	}
}

// TestDocumentLimit: a stream of more documents than the limit is split
// into lim.Documents spans; the documents before the last are read as
// usual, and the last, the rest of the stream, is one limit error on its
// first line that counts the stream's documents.
func TestDocumentLimit(t *testing.T) {
	lim := DefaultLimits
	lim.Documents = 4
	for _, c := range []struct {
		name, src, msg string
	}{
		{"at the limit", "a: 1\n---\nb: [\n---\nc: 3\n---\nd: 4\n", ""},
		{"one over", "a: 1\n---\nb: [\n---\nc: 3\n---\nd: 4\n---\ne: 5\n",
			"the stream has 5 documents, over the limit of 4; this one and the 1 after it were not checked"},
		{"empty documents", "a: 1\n---\nb: [\n---\nc: 3\n" + strings.Repeat("---\n", 1000),
			"the stream has 1003 documents, over the limit of 4; this one and the 999 after it were not checked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := ParseStream(c.src, lim)
			if len(s.Docs) != lim.Documents {
				t.Fatalf("%d documents, want %d", len(s.Docs), lim.Documents)
			}
			// The documents before the limit are read, and their errors
			// reported.
			if s.Docs[0].Root.Get("a").Text != "1" || s.Docs[1].Err == nil || s.Docs[1].Err.Limit != "" ||
				s.Docs[2].Root.Get("c").Text != "3" {
				t.Errorf("the documents before the limit: %+v %+v %+v", s.Docs[0], s.Docs[1].Err, s.Docs[2])
			}
			last := s.Docs[lim.Documents-1]
			if c.msg == "" {
				if last.Err != nil || last.Root.Get("d").Text != "4" {
					t.Errorf("the last document at the limit: %+v", last)
				}
				return
			}
			start := strings.Index(c.src, "---\nc: 3\n") + len("---\nc: 3\n")
			if e := last.Err; e == nil || e.Limit != "documents" || e.Message != c.msg || e.Start != start || e.End != start+3 ||
				last.Start != start || last.End != len(c.src) || last.Index != lim.Documents-1 {
				t.Errorf("the rest: %+v, error %+v; want [%d,%d) %q on [%d,%d)", last, e, start, len(c.src), c.msg, start, start+3)
			}
		})
	}
}

// TestDefaultDocumentLimit: Split and Parse on their own, as the
// front ends call them, cut at DefaultLimits.Documents.
func TestDefaultDocumentLimit(t *testing.T) {
	n := DefaultLimits.Documents
	if spans := Split(strings.Repeat("---\n", n)); len(spans) != n || spans[n-1].End != 4*n {
		t.Fatalf("a stream at the limit: %d spans, the last %v", len(spans), spans[n-1])
	}
	src := strings.Repeat("---\n", n+5)
	spans := Split(src)
	last := spans[len(spans)-1]
	if len(spans) != n || last != (Span{4 * (n - 1), len(src)}) {
		t.Fatalf("%d spans, the last %v", len(spans), last)
	}
	if got := SplitN(src, 10); len(got) != 10 || got[9] != (Span{36, 40}) {
		t.Errorf("SplitN(src, 10) = %d spans, the last %v", len(got), got[len(got)-1])
	}
	// The language server checks each span as a text of its own: the rest
	// says the same there.
	want := fmt.Sprintf("the stream has %d documents, over the limit of %d; this one and the 5 after it were not checked", n+5, n)
	for _, d := range []*Document{Parse(src, last, n-1, DefaultLimits), Parse(src[last.Start:], Span{0, len(src) - last.Start}, 0, DefaultLimits)} {
		if d.Err == nil || d.Err.Message != want {
			t.Errorf("got %+v, want %q", d.Err, want)
		}
	}
}

// TestEmptyDocumentsAreNotLexed: Parse takes "---" and blank lines for an
// empty document without the lexer; the reader reads them the same.
func TestEmptyDocumentsAreNotLexed(t *testing.T) {
	for _, src := range []string{"---", "---\n", "---\r\n", "---   \n\n  \n", "--- \r\n\r\n"} {
		if !isEmpty(src) {
			t.Errorf("%q is not taken for empty", src)
		}
		r := &reader{src: src, lim: DefaultLimits, doc: &Document{}, header: -1}
		root, err := r.read(0, src)
		if d := Parse(src, Span{0, len(src)}, 0, DefaultLimits); root != nil || err != nil || d.Root != nil || d.Err != nil {
			t.Errorf("%q: the reader gives %v, %v; Parse %v, %v", src, root, err, d.Root, d.Err)
		}
	}
	for _, src := range []string{"--- a", "---\n\t\n", "---\n# c\n", "--- |\n", "...\n", "-- \n", "---\n---\n"} {
		if isEmpty(src) {
			t.Errorf("%q is taken for empty", src)
		}
	}
}

// TestSpansHoldOneDocument: no span that Split returns holds a second
// document, so Parse never takes one for the rest of a stream over the
// limit: the manifests of the repository and the YAML Test Suite's.
func TestSpansHoldOneDocument(t *testing.T) {
	var srcs []string
	for _, pattern := range []string{"../../examples/*.yaml", "../../testdata/*.yaml", "../../testdata/*/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				srcs = append(srcs, string(b))
			}
		}
	}
	for _, c := range loadSuite(t) {
		srcs = append(srcs, c.yaml)
	}
	srcs = append(srcs, "a: 1\n...\n# c\n%YAML 1.2\n---\nb: 2\n...\n%TAG ! x\n", "\ufeff---\n---\n", "...\n...\n---")
	spans := 0
	for _, src := range srcs {
		for _, sp := range Split(src) {
			text := src[sp.Start:sp.End]
			if sp.Start == 0 {
				text = src[bomLen(src):sp.End]
			}
			if n := documents(text); n != 1 {
				t.Errorf("%q: the span %q holds %d documents", src, text, n)
			}
			spans++
		}
	}
	if spans < 500 {
		t.Errorf("only %d spans looked at", spans)
	}
}

func TestBinaryInput(t *testing.T) {
	for _, src := range []string{"a: \x00\x01\x02", "a: \xff\xfe", "\x7fELF\x02\x01"} {
		s := ParseStream(src, DefaultLimits)
		if len(s.Docs) != 1 || s.Docs[0].Err == nil || !strings.Contains(s.Docs[0].Err.Message, "not UTF-8 text") {
			t.Errorf("%q: %+v", src, s.Docs[0].Err)
		}
	}
	// A text in UTF-16 (Windows' "Unicode" encoding) says what it is.
	for _, src := range []string{"\xff\xfea\x00:\x00 \x00b\x00", "\xfe\xff\x00a\x00:\x00 \x00b"} {
		s := ParseStream(src, DefaultLimits)
		if len(s.Docs) != 1 || s.Docs[0].Err == nil || !strings.Contains(s.Docs[0].Err.Message, "the text is UTF-16") {
			t.Errorf("%q: %+v", src, s.Docs[0].Err)
		}
	}
}

func TestSplit(t *testing.T) {
	cases := []struct {
		src  string
		docs int
	}{
		{"", 0},
		{"# only a comment\n", 0},
		{"a: 1\n", 1},
		{"---\na: 1\n", 1},
		{"# c\n---\na: 1\n", 1},
		{"a: 1\n---\nb: 2\n", 2},
		{"---\n---\n", 2},
		{"---\n---\nk: v\n", 2},
		{"a: 1\n...\n---\nb: 2\n", 2},
		{"a: |\n  ---not a marker\n", 1},
		{"a: 1\n--- # comment\nb: 1\n", 2},
		{"---\r\na: 1\r\n---\r\nb: 2\r\n", 2},
	}
	for _, c := range cases {
		all := Split(c.src)
		if len(all) != c.docs {
			t.Errorf("%q: %d documents, want %d", c.src, len(all), c.docs)
		}
		// SplitN gives the same spans, as many as asked for.
		for n := range c.docs + 2 {
			if got := SplitN(c.src, n); !slices.Equal(got, all[:min(n, len(all))]) {
				t.Errorf("SplitN(%q, %d) = %v, want the first of %v", c.src, n, got, all)
			}
		}
	}
	// goccy loses documents after two markers in a row; we do not.
	s := ParseStream("---\n---\nk: v\n", DefaultLimits)
	if s.Docs[1].Root.Get("k").String() != "v" {
		t.Errorf("document after two markers lost")
	}
}

func TestOffsetsExact(t *testing.T) {
	// Comments and trailing blanks move goccy's offsets and columns; ours
	// must point at the text.
	src := "# head\na: 1 # c   \nb:   \n  # x\n  c: \"q r\"   \n  d: [1, {e: 'f'}]\n  g: |\n    l1\n  h: é\n  i: 😀x\n  j: k\r\n"
	s := ParseStream(src, DefaultLimits)
	root := s.Docs[0].Root
	b := root.Get("b")
	cases := map[string]*Node{
		"1":         root.Get("a"),
		`"q r"`:     b.Get("c"),
		"'f'":       b.Get("d").Items[1].Get("e"),
		"é":         b.Get("h"),
		"😀x":        b.Get("i"),
		"k":         b.Get("j"),
		"|\n    l1": b.Get("g"),
	}
	for want, n := range cases {
		if got := src[n.Start:n.End]; got != want {
			t.Errorf("node covers %q, want %q", got, want)
		}
	}
	if k := b.Pairs[0].Key; src[k.Start:k.End] != "c" {
		t.Errorf("key covers %q", src[k.Start:k.End])
	}
}
