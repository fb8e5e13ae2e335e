package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/shared"
)

// TestGeneratedCorpus validates the deterministic corpus of
// ../shared/tools/gencorpus and compares every finding with what the
// generator injected: the same documents are invalid, with the same errors
// on the same lines, and every other document is valid.
func TestGeneratedCorpus(t *testing.T) {
	t.Parallel()
	gen := shared.Path(t, "tools", "gencorpus", "main.go")
	dir := t.TempDir()
	if out, err := exec.Command("go", "run", gen, "-out", dir, "-no-split").CombinedOutput(); err != nil {
		t.Fatalf("gencorpus: %v\n%s", err, out)
	}
	var manifest struct {
		Invalid []struct {
			Index  int
			Errors []struct {
				Kind string
				Line int
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &manifest); err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{
		"unknown-field": "unknown-field", "nested-unknown": "unknown-field", "wrong-type": "type", "enum": "enum",
		"range": "range", "pattern": "pattern", "missing-required": "required", "api-version": "const",
		"duplicate-key": "duplicate-key", "bad-email": "format",
	}
	want := map[int][]string{}
	for _, d := range manifest.Invalid {
		for _, e := range d.Errors {
			r, ok := rules[e.Kind]
			if !ok {
				t.Fatalf("unknown error kind %q in manifest.json", e.Kind)
			}
			want[d.Index] = append(want[d.Index], fmt.Sprintf("%s@%d", r, e.Line))
		}
	}
	code, out, stderr := runCLI(t, "", "validate", "--format", "json", filepath.Join(dir, "large", "mixed.yaml"))
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Files []struct {
			Documents   []struct{ Checked bool }
			Diagnostics []struct {
				Document int
				Severity string
				Rule     string
				Range    struct{ Start struct{ Line int } }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	got := map[int][]string{}
	for _, d := range res.Files[0].Diagnostics {
		if d.Severity != "error" {
			continue
		}
		r := d.Rule
		if r == "minimum" || r == "maximum" {
			r = "range"
		}
		got[d.Document] = append(got[d.Document], fmt.Sprintf("%s@%d", r, d.Range.Start.Line))
	}
	if len(res.Files[0].Documents) != 2000 {
		t.Errorf("%d documents, want 2000", len(res.Files[0].Documents))
	}
	for i := 0; i < 2000; i++ {
		g, w := got[i], want[i]
		sort.Strings(g)
		sort.Strings(w)
		if strings.Join(g, " ") != strings.Join(w, " ") {
			t.Errorf("document %d: got %v, want %v", i, g, w)
		}
	}
}
