package filejson

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// crlfUnicode has CRLF lines and characters of two, three and four bytes
// before findings, before a fix's edit and before a secret.
const crlfUnicode = "apiVersion: example.io/v1alpha1\r\nkind: Grafana\r\nmetadata:\r\n  name: \"é😀\"\r\nspec:\r\n  plan: startup-1\r\n" +
	"  project: \"€ 𝒫 x\"\r\n  cloudName: 😀é\r\n  userConfig:\r\n" +
	"    smtp_server: {host: \"h😀é\", port: \"25\", from_address: a@b.c, password: \"p😀ss€word\"}\r\n" +
	"    alerting_enabled: true\r\n    bogüs: 1\r\n"

// TestOfAsBefore: converted at the edge, the ranges of a result are those
// core/report wrote itself when it converted offsets inside the core
// (commit c30b135, report.Validate with an encoding), in UTF-16 and UTF-8.
func TestOfAsBefore(t *testing.T) {
	want := map[text.Encoding]string{
		text.UTF16: `pattern 6:11-6:19
type 9:38-9:42 fix 9:38-9:42
conflict 10:4-10:20
deprecated 10:4-10:20 fix 10:0-11:0
unknown-field 11:4-11:9
secret 9:75-9:87
`,
		text.UTF8: `pattern 6:11-6:23
type 9:41-9:45 fix 9:41-9:45
conflict 10:4-10:20
deprecated 10:4-10:20 fix 10:0-11:0
unknown-field 11:4-11:10
secret 9:78-9:94
`,
	}
	f := report.Validate(crlfUnicode, check.DefaultOptions)
	for enc, w := range want {
		if got := ranges(Of(f, enc)); got != w {
			t.Errorf("encoding %d:\n%s\nwant:\n%s", enc, got, w)
		}
	}
}

// ranges writes the ranges of f, a line each: the findings' with their
// fixes', then the secrets'.
func ranges(f File) string {
	r := func(r text.Range) string {
		return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
	}
	var b strings.Builder
	for _, d := range f.Diagnostics {
		b.WriteString(d.Rule + " " + r(d.Range))
		for _, fx := range d.Fixes {
			for _, e := range fx.Edits {
				b.WriteString(" fix " + r(e.Range))
			}
		}
		b.WriteString("\n")
	}
	for _, s := range f.Secrets {
		b.WriteString("secret " + r(s) + "\n")
	}
	return b.String()
}
