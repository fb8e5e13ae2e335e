package document

import (
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
