package report

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
)

// TestSecretRangesOfAValueOverManyLines: a secret value over a million
// lines is one range of the result, not one per line (the JSON output of
// 3 MB of such a value was 196 MB of ranges).
func TestSecretRangesOfAValueOverManyLines(t *testing.T) {
	src := "password: \"" + strings.Repeat(" \\\n", 100_000) + "\"\n"
	f := Validate(src, text.UTF16, check.DefaultOptions)
	if len(f.Secrets) != 1 || f.Secrets[0].Start.Line != 0 || f.Secrets[0].End.Line < 100_000 {
		t.Errorf("%d secret ranges, from %+v: want one over the whole value", len(f.Secrets), f.Secrets[:min(2, len(f.Secrets))])
	}
}
