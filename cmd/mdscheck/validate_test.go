package main

import (
	"strings"
	"testing"
)

// TestStdinFilename: --stdin-filename names standard input in every
// output format, wherever the flag stands.
func TestStdinFilename(t *testing.T) {
	const name = "overlays/prod/kafka.yaml"
	for format, want := range map[string]string{
		"text":   name + ":7:12: error:",
		"json":   `"path": "` + name + `"`,
		"sarif":  `"uri": "` + name + `"`,
		"github": "::error file=" + name + ",line=7,",
	} {
		for _, args := range [][]string{
			{"validate", "--stdin-filename", name, "--format", format, "-"},
			{"validate", "-", "--format", format, "--stdin-filename=" + name},
		} {
			code, out, errOut := runCLI(t, invalid, args...)
			if code != 1 || !strings.Contains(out, want) || strings.Contains(out, "<stdin>") {
				t.Errorf("%q: exit %d, want %q in\n%s%s", args, code, want, out, errOut)
			}
		}
	}
	// Without the flag, standard input is <stdin>, as before.
	if _, out, _ := runCLI(t, invalid, "validate", "--format", "github", "-"); !strings.Contains(out, "file=<stdin>,") {
		t.Errorf("standard input without a name:\n%s", out)
	}
}
