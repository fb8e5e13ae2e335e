package document

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseStream reads the 2,000-document stream of the benchmark
// corpus (MDSCHECK_CORPUS, see docs/performance.md): the reader alone,
// without the checks that core/report's benchmarks add.
func BenchmarkParseStream(b *testing.B) {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		b.Skip("MDSCHECK_CORPUS is not set")
	}
	src, err := os.ReadFile(filepath.Join(dir, "large", "mixed.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(src)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range ParseStream(text, DefaultLimits).Docs {
			if d.Err != nil {
				b.Fatal(d.Err.Message)
			}
		}
	}
}

// BenchmarkTinyDocuments reads 100,000 one-line documents, the stream an
// attack on the wasm module used: what each document costs whatever its
// size. The first block of nodes used to be 64 nodes (9 KB) for each.
func BenchmarkTinyDocuments(b *testing.B) {
	text := strings.Repeat("a: 1\n---\n", 100_000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		ParseStream(text, DefaultLimits)
	}
}

// BenchmarkFlowLeftOpen reads a flow sequence left open over 20,000
// lines of `key:value`, each line a plain scalar that folds into the one
// before: the text was folded again at each line, the square of the
// lines (an outside attack: 41 s of CPU for 10,000 lines in the module).
func BenchmarkFlowLeftOpen(b *testing.B) {
	var text strings.Builder
	text.WriteString("spec:\n  x: [\n")
	for i := range 20_000 {
		fmt.Fprintf(&text, "password:p%05d\n", i)
	}
	src := text.String()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if d := Parse(src, Span{End: len(src)}, 0, DefaultLimits); d.Err == nil {
			b.Fatal("a flow left open is read without an error")
		}
	}
}
