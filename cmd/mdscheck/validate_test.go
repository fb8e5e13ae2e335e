package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
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

// TestUsageMistakes: arguments that cannot work together say why, and a
// revision written without git: is pointed to the prefix.
func TestUsageMistakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--config", "x.yaml", "--no-config", "a.yaml"}, "--config and --no-config contradict each other"},
		{[]string{"validate", "-", "-"}, "standard input (-) is given more than once"},
		{[]string{"validate", "--previous", "HEAD~1", "-"}, "for a git revision, write git:HEAD~1"},
	} {
		code, _, errs := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", strings.Join(tc.args, " "), code, errs, tc.want)
		}
	}
}

// TestTemplateNameIsNoPlaceholder: a name a template action writes is
// not known, and the JSON output says none rather than the mask.
func TestTemplateNameIsNoPlaceholder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "Chart.yaml"), "name: x\nversion: 0.1.0\n")
	write(t, filepath.Join(dir, "templates/k.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  plan: business-4\n  project: p\n")
	_, out, errs := runCLI(t, "", "validate", "--format", "json", dir)
	if strings.Contains(out, `"name": "`+string(check.Masked)) || !strings.Contains(out, `"kind": "Kafka"`) {
		t.Errorf("%s%s", out, errs)
	}
}
