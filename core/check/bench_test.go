package check_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// BenchmarkDocument checks the documents of a stream of the benchmark
// corpus (../shared/tools/gencorpus; `make bench` writes it to
// $MDSCHECK_CORPUS), read once before: the cost of the checker alone, its
// walk over the tree and the paths it builds on the way. Stream is the
// mixed stream of valid manifests; Findings a manifest with mistakes,
// whose findings spell their paths out.
//
//	go test ./core/check -run '^$' -bench Document -benchmem
func BenchmarkDocument(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"Stream", "large/mixed.yaml"},
		{"Findings", "medium/kafka-medium-err.yaml"},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := corpusFile(b, c.file)
			s := document.ParseStream(src, document.DefaultLimits)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range s.Docs {
					check.Document(src, d, check.DefaultOptions)
				}
			}
		})
	}
}

// corpusFile reads a file of the benchmark corpus, or skips the
// benchmark when there is none.
func corpusFile(b *testing.B, name string) string {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mdscheck-corpus")
	}
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		b.Skipf("no generated corpus (%v); run make bench", err)
	}
	return string(src)
}
