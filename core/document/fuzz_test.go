package document

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// seeds adds the repository's manifests and a few hostile shapes.
func seeds(f *testing.F) {
	for _, dir := range []string{"../../examples", "../../testdata", "../../../shared/corpus"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	for _, s := range []string{"a: &x [*x]", "<<: *y", "---\n---\n...\n", "a: |\n b\n---\nc", "[{]}", "? a\n: b", "a: !!str 1", "\t- x", "a: 'b\n\nc'", "a: \"x \\\n  y\\t\n\n z\"", "{a:b: c, \"k\":v}", "a: |+\n  x\n\nb: 1"} {
		f.Add(s)
	}
}

func FuzzParse(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		s := ParseStream(src, DefaultLimits)
		for _, d := range s.Docs {
			// Only the rest of a stream over the limit holds more than one
			// document (TestSpansHoldOneDocument).
			if d.Err != nil && d.Err.Limit == "documents" && len(s.Docs) < DefaultLimits.Documents {
				t.Fatalf("document %d of %d refused as the rest of a stream: %s", d.Index, len(s.Docs), d.Err.Message)
			}
			if d.Start < 0 || d.End > len(src) || d.Start > d.End {
				t.Fatalf("document span [%d,%d) outside the text", d.Start, d.End)
			}
			if d.Err != nil && (d.Err.Start < 0 || d.Err.End > len(src) || d.Err.Start > d.Err.End) {
				t.Fatalf("error span [%d,%d) outside the text", d.Err.Start, d.Err.End)
			}
			walk(t, src, d.Root)
			if d.Err == nil && !slices.Equal(d.Comments, commentsByText(src, d)) {
				t.Fatalf("document %d: comments %v, by the text %v", d.Index, d.Comments, commentsByText(src, d))
			}
		}
	})
}

func walk(t *testing.T, src string, n *Node) {
	if n == nil {
		return
	}
	if n.Start < 0 || n.End > len(src) || n.Start > n.End {
		t.Fatalf("node span [%d,%d) outside the text of %d bytes", n.Start, n.End, len(src))
	}
	for _, p := range n.Pairs {
		walk(t, src, p.Key)
		walk(t, src, p.Value)
	}
	for _, it := range n.Items {
		walk(t, src, it)
	}
}
