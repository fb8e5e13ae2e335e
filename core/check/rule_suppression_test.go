package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

func TestSuppression(t *testing.T) {
	cases := []struct{ name, spec, want string }{
		{"same line, all rules", "  cloudName: 1 # mdscheck:ignore\n", ""},
		{"same line, that rule", "  cloudName: 1 # mdscheck:ignore type\n", ""},
		{"same line, other rule", "  cloudName: 1 # mdscheck:ignore enum\n", "error type /spec/cloudName"},
		{"line above", "  # mdscheck:ignore unknown-field, type\n  cloudNmae: x\n", ""},
		{"line above covers one line only", "  # mdscheck:ignore\n  cloudName: 1\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		{"inside a value is not a comment", "  cloudName: \"a#mdscheck:ignore\"\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		// The text of a block scalar is the value's, not a comment: it
		// silences nothing on the next line.
		{"inside a block scalar", "  tags:\n    note: |\n      # mdscheck:ignore\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		{"inside a quoted string over lines", "  cloudName: \"a\n    # mdscheck:ignore\"\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		// A misspelt rule silences nothing, and says so.
		{"misspelt rule", "  cloudName: 1 # mdscheck:ignore typ\n", "error type /spec/cloudName\nwarning suppression "},
		{"one good, one misspelt", "  cloudName: 1 # mdscheck:ignore unknown-fields, type\n", "warning suppression "},
		// Only the reader's comments count. A line of a block scalar
		// with " #" in it, which goccy's lexer takes for a comment, is
		// text; so is a misspelt rule inside a value, which is not
		// reported.
		{"after a blank inside a block scalar", "  tags:\n    note: |\n      see # mdscheck:ignore\n      # mdscheck:ignore\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		{"misspelt inside a block scalar", "  tags:\n    note: |\n      # mdscheck:ignore typ\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		{"misspelt inside a quoted string", "  cloudName: 'a\n    # mdscheck:ignore typ'\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		// Real comments about block scalars: on the header's line, and
		// below the text.
		{"after a block scalar's header", "  cloudName: | # mdscheck:ignore unknown-field\n    x\n  cloudNmae: y # mdscheck:ignore\n", ""},
		{"below a block scalar", "  tags:\n    note: |\n      x\n  # mdscheck:ignore\n  projectVpcId: 2\n", ""},
		// A mark after the text of a comment speaks for itself.
		{"after a comment's text", "  projectVpcId: 2 # legacy # mdscheck:ignore type\n", ""},
		{"not after a blank", "  projectVpcId: 2 #mdscheck:ignore\n", "error type /spec/projectVpcId"},
	}
	for _, c := range cases {
		if got := summary(findings(manifest("Kafka", c.spec))); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestSuppressionMessages(t *testing.T) {
	src := manifest("Kafka", "  cloudName: x # mdscheck:ignore unknown-fields\n  projectVpcId: 2 # mdscheck:ignore\n")
	ds := findings(src)
	if len(ds) != 1 || ds[0].Rule != "suppression" ||
		ds[0].Message != `"unknown-fields" in mdscheck:ignore is no rule code, so it silences nothing; did you mean unknown-field?` ||
		len(ds[0].Fixes) != 1 || ds[0].Fixes[0].Edits[0].NewText != "unknown-field" {
		t.Errorf("misspelt rule: %+v", ds)
	}
	// With --strict, an ignore that silences nothing is a warning: after a
	// fix it would hide the next mistake on its line.
	opts := check.DefaultOptions
	opts.UnusedSuppressions = true
	ds = report.Validate(src, opts).Diagnostics
	idx := text.NewIndex(src)
	var unused []int
	for _, d := range ds {
		if strings.Contains(d.Message, "silences nothing here") {
			unused = append(unused, idx.LineOf(d.Start))
		}
	}
	if len(unused) != 1 || unused[0] != 7 {
		t.Errorf("unused suppressions on lines %v, want [7] (the cloudName line's): %+v", unused, ds)
	}
	// A mark inside a value is no suppression, so it is no unused one.
	src = manifest("Kafka", "  tags:\n    note: |\n      # mdscheck:ignore\n      x # mdscheck:ignore\n  cloudName: \"a\n    # mdscheck:ignore\"\n")
	if ds := report.Validate(src, opts).Diagnostics; len(ds) != 0 {
		t.Errorf("marks inside values: %+v", ds)
	}
}

// TestSuppressionQuotesNoPieceOfText: a name in an ignore comment that
// is not written as a rule code is not quoted: the split at ',' may have
// cut a secret short, and a piece is no form the gate knows.
func TestSuppressionQuotesNoPieceOfText(t *testing.T) {
	ds := findings(manifest("Kafka", "  cloudName: x # mdscheck:ignore Zq7x;K2p,Lm9\n"))
	if len(ds) == 0 {
		t.Fatal("no finding for names that are no rule codes")
	}
	for _, d := range ds {
		if strings.Contains(d.Message, "Zq7x") || strings.Contains(d.Message, "K2p") || strings.Contains(d.Message, "Lm9") {
			t.Errorf("%s: %s", d.Rule, d.Message)
		}
	}
}
