package lang

import (
	"encoding/json"
	"flag"
	"testing"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretInLanguageFeatures runs every secret attack case through
// hover and completion at the start, inside and at the end of every line,
// and through the outline: no result may hold a secret. The language
// server and the wasm module serve these same functions, and pass what
// they send through the gate of the text's secrets (secret.Gate), as
// this test does.
func TestNoSecretInLanguageFeatures(t *testing.T) {
	for _, c := range leak.Cases() {
		noLeak(t, c)
	}
}

// The sweep of the property on the core: many more random manifests than
// the front ends' sample. -leak.seed and -leak.n explore further.
var (
	sweepSeed = flag.Uint64("leak.seed", 1, "the seed of the random secret leak cases")
	sweepN    = flag.Int("leak.n", 3000, "how many random secret leak cases to draw")
)

// TestNoSecretInRandomManifests draws manifests at random and mutates them
// the ways attackers found (leak.Mutated); none may show its secret in a
// finding, a hover, a completion or the outline, nor compared with its
// previous version in a change finding.
func TestNoSecretInRandomManifests(t *testing.T) {
	t.Parallel()
	for _, c := range leak.Mutated(*sweepSeed, *sweepN) {
		noLeak(t, c)
	}
}

// noLeak runs c through the core's functions, each result through the
// gate of the text's secrets as the front ends pass it.
func noLeak(t *testing.T, c leak.Case) {
	t.Helper()
	idx := text.NewIndex(c.Text)
	f := report.Validate(c.Text, check.DefaultOptions)
	var g secret.Gate
	f.Feed(&g)
	if c.Previous != "" {
		was := report.Validate(c.Previous, check.DefaultOptions)
		was.Feed(&g)
		f.Clean(&g)
	}
	probe := func(what string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if s := c.Leaked(string(g.JSON(b))); s != "" {
			t.Errorf("%s: %s shows the secret %q: %s", c.Name, what, s, b)
		}
	}
	probe("the outline", Symbols(c.Text, text.UTF16))
	probe("validate", f)
	if c.Previous != "" {
		cmp := change.Streams(c.Previous, c.Text)
		probe("the changes", cmp.Current[0].Findings)
		probe("the deletions", cmp.Previous[0].Findings)
	}
	for line := 0; line < idx.Lines(); line++ {
		start, end := idx.LineStart(line), idx.LineEnd(line)
		for _, off := range []int{start, (start + end) / 2, end} {
			pos := idx.Position(off, text.UTF16)
			probe("hover", Hover(c.Text, pos, text.UTF16))
			probe("completion", Complete(c.Text, pos, text.UTF16))
		}
	}
}
