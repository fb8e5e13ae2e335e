package lang

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// probes reads a corpus file and its probe positions from manifest.json of
// the generated corpus ($MDSCHECK_CORPUS, as in core/report).
func probes(b *testing.B, name string) (string, map[string]text.Position) {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mdscheck-corpus")
	}
	src, err := os.ReadFile(filepath.Join(dir, name))
	m, err2 := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil || err2 != nil {
		b.Skipf("no generated corpus in %s; run make bench", dir)
	}
	var man struct {
		Files map[string]struct{ Probes map[string]text.Position }
	}
	if err := json.Unmarshal(m, &man); err != nil {
		b.Fatal(err)
	}
	return string(src), man.Files[name].Probes
}

func benchLang(b *testing.B, name string) {
	src, p := probes(b, name)
	b.Run("complete", func(b *testing.B) {
		for b.Loop() {
			// The medium file has every member already: an empty list is right.
			Complete(src, p["completion"], text.UTF16)
		}
	})
	b.Run("hover", func(b *testing.B) {
		for b.Loop() {
			if Hover(src, p["hover"], text.UTF16) == nil {
				b.Fatal("no hover at the probe")
			}
		}
	})
}

func BenchmarkSmall(b *testing.B)  { benchLang(b, "small/opensearch-small.yaml") }
func BenchmarkMedium(b *testing.B) { benchLang(b, "medium/kafka-medium.yaml") }
func BenchmarkLarge(b *testing.B)  { benchLang(b, "large/mixed.yaml") }
