package check_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"../../examples", "../../testdata", "../../../shared/corpus"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Add(manifest("Grafana", "  userConfig:\n    smtp_server:\n      password: \"\\x01secret-value\"\n"))
	f.Fuzz(func(t *testing.T, src string) {
		res := report.Validate(src, text.UTF16, check.DefaultOptions)
		idx := text.NewIndex(src)
		last := idx.Position(len(src), text.UTF16)
		hasSecret := strings.Contains(src, `password: "\x01secret-value"`)
		for _, d := range res.Diagnostics {
			if d.Message == "" || d.Rule == "" || check.LookupRule(d.Rule) == nil {
				t.Fatalf("bad diagnostic %+v", d)
			}
			for _, p := range []text.Position{d.Range.Start, d.Range.End} {
				if p.Line < 0 || p.Line > last.Line || p.Character < 0 {
					t.Fatalf("range %+v outside the text", d.Range)
				}
			}
			// The seed's password is invalid (a control character); while
			// the input still holds it, no message may show it. (The fuzzer
			// may move the text elsewhere, into an alias name say, where it
			// is no secret.)
			if hasSecret && strings.Contains(d.Message, "secret-value") {
				t.Fatalf("message shows a secret: %s", d.Message)
			}
		}
	})
}
