package document

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReaderReuseChangesNothing reads every document of the repository's
// YAML, of the YAML Test Suite and (with MDSCHECK_CORPUS) of the benchmark
// corpus with one Reader, which hands the memory of each document's
// tokens, positions and nodes to the next, and holds each result to a
// fresh Parse of the same text: a token or node of one document still in
// use by another would show here.
func TestReaderReuseChangesNothing(t *testing.T) {
	var texts []string
	for _, c := range loadSuite(t) {
		texts = append(texts, c.yaml)
	}
	globs := []string{"../../examples/*.yaml", "../../testdata/*.yaml", "../../testdata/*/*.yaml", "testdata/*.yaml"}
	if dir := os.Getenv("MDSCHECK_CORPUS"); dir != "" {
		globs = append(globs, filepath.Join(dir, "*", "*.yaml"))
	}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
		}
	}
	var rd Reader
	docs := 0
	for _, src := range texts {
		for i, sp := range Split(src) {
			got := rd.Read(src, sp, i, DefaultLimits)
			want := Parse(src, sp, i, DefaultLimits)
			if a, b := readAs(got), readAs(want); a != b {
				t.Fatalf("document %d of %.60q: read after others\n%s\nread alone\n%s", i, src, a, b)
			}
			docs++
		}
	}
	if docs < 500 { // the suite and the repository alone
		t.Fatalf("read only %d documents", docs)
	}
}

// readAs describes what a Document holds; the origins of copied nodes by
// their places, since the map's keys are pointers.
func readAs(d *Document) string {
	if d.Root == nil {
		return fmt.Sprintf("error %+v", d.Err)
	}
	var origins []string
	for copied, from := range d.Origins {
		origins = append(origins, fmt.Sprintf("[%d,%d) %q from [%d,%d) %q", copied.Start, copied.End, copied.Text, from.Start, from.End, from.Text))
	}
	slices.Sort(origins)
	return dumpDoc(d) + strings.Join(origins, "\n") + fmt.Sprintf("\ncomments %v", d.Comments)
}

// TestReaderLetsGoOfAHugeDocument: a Reader keeps the memory of the
// documents it reads for the next one, but not a huge document's, which a
// long-lived Reader (the WebAssembly module's) would otherwise hold for
// the rest of its life.
func TestReaderLetsGoOfAHugeDocument(t *testing.T) {
	var b strings.Builder
	for i := range keepTokens {
		fmt.Fprintf(&b, "- item%d\n", i) // a mapping may hold no more than 5,000 keys
	}
	huge, small := b.String(), "a: 1\nb: [x, y]\n"
	var rd Reader
	if d := rd.Read(small, Span{0, len(small)}, 0, DefaultLimits); d.Err != nil || rd.tokens == nil {
		t.Fatalf("a small document: %v, kept %d tokens' room", d.Err, cap(rd.tokens))
	}
	if d := rd.Read(huge, Span{0, len(huge)}, 0, DefaultLimits); d.Err != nil || len(d.Root.Items) != keepTokens {
		t.Fatalf("the huge document: %v", d.Err)
	}
	if rd.tokens != nil || rd.nodes != nil || rd.toks != nil || rd.comments != nil {
		t.Errorf("the Reader kept the huge document's memory: %d tokens, %d nodes", cap(rd.tokens), cap(rd.nodes))
	}
	if d := rd.Read(small, Span{0, len(small)}, 0, DefaultLimits); d.Err != nil || readAs(d) != readAs(Parse(small, Span{0, len(small)}, 0, DefaultLimits)) {
		t.Errorf("a small document after it reads otherwise")
	}
}
