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
	f := Validate(src, check.DefaultOptions)
	idx := text.NewIndex(f.Text)
	if len(f.Secrets) != 1 || idx.LineOf(f.Secrets[0].Start) != 0 || idx.LineOf(f.Secrets[0].End) < 100_000 {
		t.Errorf("%d secret ranges, from %+v: want one over the whole value", len(f.Secrets), f.Secrets[:min(2, len(f.Secrets))])
	}
}

// TestSecretWrittenAgainOverLines: a value that reads as a secret of
// another document, written over lines or with escapes, is masked where
// it is written, every line of it.
func TestSecretWrittenAgainOverLines(t *testing.T) {
	head := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n"
	for name, again := range map[string]string{
		"escaped line break": "\"ZqFg\\\n    QysGFb\"",
		"folded quote":       "'ZqFg\n    QysGFb'",
		"escapes":            "\"Zq\\x46gQysGFb\"",
	} {
		secret := "ZqFgQysGFb"
		if name == "folded quote" {
			secret = "ZqFg QysGFb"
		}
		src := head + "  project: p\n  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@b.c, password: \"" + secret + "\"}\n---\n" +
			head + "  project: " + again + "\n"
		f := Validate(src, check.DefaultOptions)
		kept := src
		for i := len(f.Secrets) - 1; i >= 0; i-- {
			sp := f.Secrets[i]
			kept = kept[:sp.Start] + kept[sp.End:]
		}
		if strings.Contains(kept, "QysGFb") {
			t.Errorf("%s: the text without its secret ranges still holds part of the secret:\n%s", name, kept)
		}
	}
}
