package main

import (
	"os"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/golden"
)

// sampleRepository is a GitOps repository in miniature: a Helm chart, a
// Kustomize base with two overlays and their patches, a List, an ignored
// resource, an excluded directory and a configuration with an override,
// with mistakes planted in it (its README says where).
const sampleRepository = "../../testdata/repository"

// TestSampleRepository: validate at the root of the sample repository
// reports exactly the planted mistakes, each at its source file and line,
// with no false finding from the templates, the patches, the ignored
// resource or the excluded directory, and the override's severity.
func TestSampleRepository(t *testing.T) {
	t.Chdir(sampleRepository)
	code, out, errOut := runCLI(t, "", "validate", "--color", "never", ".")
	// The chart's names are template actions: the checks across
	// resources say they left them out.
	if code != 1 || !strings.HasPrefix(errOut, "mdscheck: ") || !strings.Contains(errOut, "Helm template actions left out") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 1 and the note on template actions alone", code, errOut)
	}
	// The finding lines and the summary: the source lines and carets
	// under each finding are the text output's own business.
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, " ") {
			lines = append(lines, l)
		}
	}
	golden.Check(t, "expected.golden", strings.Join(lines, "\n")+"\n")
	for _, l := range lines[:len(lines)-1] {
		file, _, _ := strings.Cut(l, ":")
		if !plantedAt(t, file, l) {
			t.Errorf("a finding where no mistake was planted: %s", l)
		}
	}
}

// plantedAt reports whether the line of file that finding l names holds
// a "# planted:" mark.
func plantedAt(t *testing.T, file, l string) bool {
	t.Helper()
	var line int
	rest := strings.TrimPrefix(l, file+":")
	for _, c := range rest {
		if c < '0' || c > '9' {
			break
		}
		line = line*10 + int(c-'0')
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Split(string(b), "\n")
	return line >= 1 && line <= len(src) && strings.Contains(src[line-1], "# planted:")
}
