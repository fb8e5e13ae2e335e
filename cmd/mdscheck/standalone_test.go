package main

import (
	"strings"
	"testing"
)

// TestMessagesStandAlone: where no source line is shown beside a finding
// (json, sarif, github), its message names the member it is about; text
// output, which shows the line, keeps the short message. A member whose
// key is a secret of the run (a Secret's value written as a key) is named
// masked, in every format.
func TestMessagesStandAlone(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\nstringData:\n  pw: " + s + "\n---\n" +
		"apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: dash\nspec:\n  project: " + strings.Repeat("p", 64) + "\n" +
		"  plan: startup-4\n  userConfig:\n    " + s + ": 1\n"
	for _, format := range []string{"json", "sarif", "github"} {
		_, out, _ := runCLI(t, src, "validate", "--format", format, "-")
		if strings.Contains(out, s) {
			t.Errorf("%s shows the secret:\n%s", format, out)
		}
		for _, want := range []string{"`spec.project` is too long: 64 characters, at most 63 allowed", "`spec.userConfig`: unknown field"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", format, want, out)
			}
		}
	}
	_, out, _ := runCLI(t, src, "validate", "-")
	if !strings.Contains(out, ": error: is too long: 64 characters") || strings.Contains(out, "`spec.project`") || strings.Contains(out, s) {
		t.Errorf("text output:\n%s", out)
	}
}
