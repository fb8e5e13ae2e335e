package lang

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// Hover and completion are held to the marker files of testdata/markers
// (marker_test.go), which show what an editor shows; the tests in Go are
// for what a marker cannot say: properties over many texts, limits, the
// secret sweeps, and the outline.

// at splits a text at the cursor mark "|" and returns the text and the
// cursor's position.
func at(marked string) (string, text.Position) {
	i := strings.Index(marked, "|")
	src := marked[:i] + marked[i+1:]
	return src, text.NewIndex(src).Position(i, text.UTF16)
}

func labels(items []CompletionItem) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

const head = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ev\nspec:\n"

func TestSymbols(t *testing.T) {
	t.Parallel()
	src := head + "  plan: p\n  project: q\n---\napiVersion: v1\nkind: ConfigMap\n"
	syms := Symbols(src, text.UTF16)
	if len(syms) != 2 || syms[0].Name != "Kafka ev" || syms[1].Name != "ConfigMap" {
		t.Fatalf("symbols %+v", syms)
	}
	var spec *Symbol
	for i := range syms[0].Children {
		if syms[0].Children[i].Name == "spec" {
			spec = &syms[0].Children[i]
		}
	}
	if spec == nil || len(spec.Children) != 2 || spec.Children[1].Name != "project" {
		t.Errorf("spec symbol %+v", spec)
	}
}

// BenchmarkCompleteHugeDocument: one document of 20,000 keys; finding the
// keys already present must stay linear.
func BenchmarkCompleteHugeDocument(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(head + "  tags:\n")
	for i := 0; i < 20000; i++ {
		sb.WriteString("    k" + strings.Repeat("x", i%7) + ": v\n")
	}
	src, pos := at(sb.String() + "  |\n")
	for b.Loop() {
		Complete(src, pos, text.UTF16)
	}
}
