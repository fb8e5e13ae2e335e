package report

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

// TestGolden checks every manifest in testdata/ against the findings
// beside it (NAME.golden), one line each as mdscheck validate prints them
// (file:line:col: severity: message [rule], columns in characters), with
// the deprecated tag and a line per fix under its finding, a line per
// document before them and a line per secret range after them. Review a change of a golden file
// like code; go test ./core/report -run TestGolden -update writes them.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden manifests in testdata/ (%v)", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f := Validate(string(src), check.DefaultOptions)
			golden.Check(t, strings.TrimSuffix(path, ".yaml")+".golden", findingLines(name, f))
			// A file named valid-* must have no errors.
			if e, _ := f.Counts(); strings.HasPrefix(name, "valid-") && e > 0 {
				t.Errorf("valid manifest has %d errors", e)
			}
		})
	}
}

// findingLines writes f as the golden files hold it, positions in
// characters.
func findingLines(name string, f File) string {
	idx := text.NewIndex(f.Text)
	span := func(start, end int) string { return span(idx.Range(start, end, text.UTF32)) }
	var b strings.Builder
	for _, d := range f.Documents {
		b.WriteString(name + ": document " + strconv.Itoa(d.Index))
		if !d.Checked {
			b.WriteString(" (not checked)")
		}
		sep := ": "
		for _, s := range []string{d.APIVersion, d.Kind, d.Name} {
			if s != "" {
				b.WriteString(sep + s)
				sep = " "
			}
		}
		b.WriteString("\n")
	}
	for _, d := range f.Diagnostics {
		b.WriteString(name + ":" + position(idx.Position(d.Start, text.UTF32)) + ": " + d.Severity.String() + ": " + d.Message + " [" + d.Rule + "]\n")
		if d.Deprecated {
			b.WriteString("\ttag: deprecated\n")
		}
		for _, fx := range d.Fixes {
			b.WriteString("\tfix " + strconv.Quote(fx.Title) + ":")
			for _, e := range fx.Edits {
				b.WriteString(" " + span(e.Start, e.End) + " " + strconv.Quote(e.NewText))
			}
			b.WriteString("\n")
		}
	}
	for _, sp := range f.Secrets {
		b.WriteString(name + ":" + span(sp.Start, sp.End) + ": secret\n")
	}
	return b.String()
}

// position is line:col, both from 1.
func position(p text.Position) string {
	return strconv.Itoa(p.Line+1) + ":" + strconv.Itoa(p.Character+1)
}

// span is line:col-line:col.
func span(r text.Range) string { return position(r.Start) + "-" + position(r.End) }
