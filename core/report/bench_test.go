package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/parser"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// The benchmarks run on the deterministic corpus of
// ../shared/tools/gencorpus; `make bench` writes it to $MDSCHECK_CORPUS.
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

func benchValidate(b *testing.B, src string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Validate(src, check.DefaultOptions)
	}
}

// repeat builds a stream of about size bytes from whole documents of src.
func repeat(src string, size int) string {
	var sb strings.Builder
	for sb.Len() < size {
		sb.WriteString(src)
		if !strings.HasSuffix(src, "\n") {
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

func BenchmarkValidateSmall(b *testing.B) {
	benchValidate(b, corpusFile(b, "small/opensearch-small.yaml"))
}

func BenchmarkValidateMedium(b *testing.B) {
	benchValidate(b, corpusFile(b, "medium/kafka-medium.yaml"))
}

func BenchmarkValidateStream(b *testing.B) { benchValidate(b, corpusFile(b, "large/mixed.yaml")) }

// BenchmarkValidateOwnWords checks 3,000 Kafkas of four findings each,
// all holding a Secret's values in mdscheck's own words and in the
// user's text (leak.Vocabulary), and cleans them as a front end does:
// the worst case of the findings' own words, whose every message is
// composed again and kept for the JSON pass.
func BenchmarkValidateOwnWords(b *testing.B) {
	secret, kafka, _ := strings.Cut(leak.Vocabulary.Text, "---\n")
	src := secret + strings.Repeat("---\n"+kafka, 3000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		f := Validate(src, check.DefaultOptions)
		f.Clean(f.Gate())
	}
}

// BenchmarkValidate1MB and BenchmarkValidate10MB show that cost grows
// linearly with the stream (per-MB time within 1.3x).
func BenchmarkValidate1MB(b *testing.B) {
	benchValidate(b, firstBytes(corpusFile(b, "large/mixed.yaml"), 1<<20))
}

func BenchmarkValidate10MB(b *testing.B) {
	benchValidate(b, repeat(corpusFile(b, "large/mixed.yaml"), 10<<20))
}

// firstBytes cuts a stream at the first document marker after n bytes.
func firstBytes(src string, n int) string {
	if i := strings.Index(src[n:], "\n---"); i >= 0 {
		return src[:n+i+1]
	}
	return src
}

// BenchmarkGoccyParseStream is the budget's baseline: goccy/go-yaml alone
// parsing the same stream (no offsets, no checks).
func BenchmarkGoccyParseStream(b *testing.B) {
	src := []byte(corpusFile(b, "large/mixed.yaml"))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.ParseBytes(src, 0, parser.AllowDuplicateMapKey()); err != nil {
			b.Fatal(err)
		}
	}
}
