package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, c := range []struct{ name, want, got, diff string }{
		{"same", "a\nb\n", "a\nb\n", ""},
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", "-   2 | b\n+   2 | B\n"},
		{"added line", "a\nc\n", "a\nb\nc\n", "+   2 | b\n"},
		{"removed line", "a\nb\nc\n", "a\nc\n", "-   2 | b\n"},
		{"from nothing", "", "a\n", "+   1 | a\n"},
		// The common line in the middle of a changed run is kept.
		{"common middle", "x\nm\ny\n", "p\nm\nq\n", "-   1 | x\n+   1 | p\n-   3 | y\n+   3 | q\n"},
	} {
		if got := Diff(c.want, c.got); got != c.diff {
			t.Errorf("%s: Diff =\n%s\nwant\n%s", c.name, got, c.diff)
		}
	}
}

// recorder stands in for a test, to see what Check reports.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Name() string              { return "TestX" }
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, f) }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("a.yaml:1:1: error: m [type]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	Check(r, path, "a.yaml:1:1: error: m [type]\n")
	if len(r.errors) != 0 {
		t.Errorf("the same output fails: %v", r.errors)
	}
	Check(r, path, "a.yaml:1:2: error: m [type]\n")
	Check(r, path, "a.yaml:1:1: error: m [type]")
	if len(r.errors) != 2 {
		t.Fatalf("a changed output reports %d errors, want 2", len(r.errors))
	}
}

func TestUpdate(t *testing.T) {
	*update = true
	defer func() { *update = false }()
	path := filepath.Join(t.TempDir(), "new", "x.golden")
	Check(t, path, "a.yaml:2:3: warning: m [deprecated]\n")
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "[deprecated]") {
		t.Errorf("-update wrote %q (%v)", b, err)
	}
}
