package change

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/golden"
)

// TestGolden compares each pair testdata/NAME/previous.yaml and
// current.yaml and holds the findings and counts to
// testdata/NAME/expected.txt (go test ./core/change -update rewrites it).
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("testdata/*/previous.yaml")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden pairs: %v", err)
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			prev, cur := read(t, dir, "previous.yaml"), read(t, dir, "current.yaml")
			c := Streams(prev, cur)
			var b strings.Builder
			ch := c.Current[0]
			b.WriteString("created " + strconv.Itoa(ch.Created) + ", changed " + strconv.Itoa(ch.Changed) +
				", deleted " + strconv.Itoa(c.Previous[0].Deleted) + "\n")
			write := func(name, src string, ds []check.Diagnostic) {
				idx := text.NewIndex(src)
				for _, d := range ds {
					pos := idx.Position(d.Start, text.UTF32)
					b.WriteString(name + ":" + strconv.Itoa(pos.Line+1) + ":" + strconv.Itoa(pos.Character+1) + ": " +
						d.Severity.String() + " " + d.Rule + " " + d.Pointer + ": " + d.Message + "\n")
					if strings.Contains(d.Message, "never-shown") {
						t.Errorf("a message shows a secret: %s", d.Message)
					}
				}
			}
			write("current.yaml", cur, ch.Findings)
			write("previous.yaml", prev, c.Previous[0].Findings)
			golden.Check(t, filepath.Join(dir, "expected.txt"), b.String())
		})
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
