package document

import (
	"os"
	"path/filepath"
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
