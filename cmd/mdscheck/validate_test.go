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

// TestStrictReportsStaleSuppressions: with --strict, an mdscheck:ignore
// that silences nothing is a warning, so it fails the run; without, it
// passes quietly.
func TestStrictReportsStaleSuppressions(t *testing.T) {
	src := valid + "  cloudName: google-europe-west1 # mdscheck:ignore\n"
	if code, out, _ := runCLI(t, src, "validate", "-"); code != 0 || strings.Contains(out, "silences nothing") {
		t.Errorf("without --strict: exit %d\n%s", code, out)
	}
	code, out, _ := runCLI(t, src, "validate", "--strict", "-")
	if code != 1 || !strings.Contains(out, "this mdscheck:ignore silences nothing here") || !strings.Contains(out, "[suppression]") {
		t.Errorf("with --strict: exit %d\n%s", code, out)
	}
}
