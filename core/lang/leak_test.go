package lang

import (
	"encoding/json"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretInLanguageFeatures runs every secret attack case through
// hover and completion at the start, inside and at the end of every line,
// and through the outline: no result may hold a secret. The language
// server and the wasm module serve these same functions.
func TestNoSecretInLanguageFeatures(t *testing.T) {
	for _, c := range leak.Cases() {
		idx := text.NewIndex(c.Text)
		probe := func(what string, v any) {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if s := c.Leaked(string(b)); s != "" {
				t.Errorf("%s: %s shows the secret %q: %s", c.Name, what, s, b)
			}
		}
		probe("the outline", Symbols(c.Text, text.UTF16))
		probe("validate", report.Validate(c.Text, text.UTF16, check.DefaultOptions).Diagnostics)
		for line := 0; line < idx.Lines(); line++ {
			start, end := idx.LineStart(line), idx.LineEnd(line)
			for _, off := range []int{start, (start + end) / 2, end} {
				pos := idx.Position(off, text.UTF16)
				probe("hover", Hover(c.Text, pos, text.UTF16))
				probe("completion", Complete(c.Text, pos, text.UTF16))
			}
		}
	}
}
