package main

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/dense"
)

// The gate of a run of one file is the gate its check made: made again
// from the file's 119,000 secrets, it cost more than the check (dense39,
// 28 such Secrets, took 4.3 s and 330 MB). A run that read the secrets
// again would allocate for every one of them.
func TestRunGateOfOneFileReadsNoSecretAgain(t *testing.T) {
	f := report.Validate(dense.Secrets(7, 850), check.DefaultOptions)
	secrets := len(f.SecretTexts) + len(f.SecretRaw)
	results := []fileResult{{path: "dense.yaml", file: f}}
	var g *secret.Gate
	allocs := testing.AllocsPerRun(3, func() { g = runGate(results, nil) })
	if allocs > 1000 {
		t.Errorf("the gate of one file of %d secret texts took %.0f allocations: its secrets were read again", secrets, allocs)
	}
	// It masks them all the same: every value, and a line of them.
	line := strings.SplitN(f.Text[strings.Index(f.Text, "    k=")+4:], "\n", 2)[0]
	for _, s := range []string{line, line[2:7], line[len(line)-5:]} {
		if got := g.Clean("it says " + s); strings.Contains(got, s) {
			t.Errorf("the run's gate leaves %q in %q", s, got)
		}
	}
}

// A run of two files merges their gates: a secret of each is masked in
// the other's findings, and the merge reads no secret's text either.
func TestRunGateOfTwoFilesMergesTheirGates(t *testing.T) {
	a := report.Validate(dense.Secrets(2, 100), check.DefaultOptions)
	b := report.Validate("apiVersion: v1\nkind: Secret\nmetadata:\n  name: other\nstringData:\n  token: Zq8vLm3KpX\n", check.DefaultOptions)
	results := []fileResult{{path: "a.yaml", file: a}, {path: "b.yaml", file: b}}
	g := runGate(results, nil)
	value := a.Text[strings.Index(a.Text, "    k=")+6:][:5]
	for _, s := range []string{value, "Zq8vLm3KpX"} {
		if got := g.Clean("x " + s); strings.Contains(got, s) {
			t.Errorf("the run's gate leaves %q in %q", s, got)
		}
	}
	if results[0].gate != g || results[1].gate != g {
		t.Error("the files of the run do not share its gate")
	}
}
