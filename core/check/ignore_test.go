package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// TestIgnoreAnnotation: a resource annotated mdscheck.example.io/ignore:
// "true" is left unchecked, with all its mistakes; any other value, and
// an unquoted true that Kubernetes refuses, leaves it checked.
func TestIgnoreAnnotation(t *testing.T) {
	manifest := func(annotation string) string {
		return `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
  annotations:
    ` + check.IgnoreAnnotation + `: ` + annotation + `
spec:
  plan: business-8
  maintenanceWindowDow: funday
`
	}
	cases := []struct {
		annotation string
		checked    bool
		want       string
	}{
		{`"true"`, false, ""},
		{`'true'`, false, ""},
		{`"false"`, true, "error required /spec/project\nerror enum /spec/maintenanceWindowDow"},
		{`true`, true, "error type /metadata/annotations/mdscheck.example.io~1ignore\nerror required /spec/project\nerror enum /spec/maintenanceWindowDow"},
	}
	for _, c := range cases {
		f := report.Validate(manifest(c.annotation), check.DefaultOptions)
		if got := summary(f.Diagnostics); got != c.want || f.Documents[0].Checked != c.checked {
			t.Errorf("annotation %s: checked %v, findings:\n%s\nwant checked %v and:\n%s", c.annotation, f.Documents[0].Checked, got, c.checked, c.want)
		}
	}

	// In a List, the annotation leaves out its own item only.
	list := "apiVersion: v1\nkind: List\nitems:\n" +
		indent(manifest(`"true"`)) + indent(strings.Replace(manifest(`"no"`), "funday", "monday", 1))
	if got := summary(findings(list)); got != "error required /items/1/spec/project" {
		t.Errorf("List: %s", got)
	}
}

// indent makes a manifest an item of a List.
func indent(m string) string {
	return "- " + strings.ReplaceAll(strings.TrimSuffix(m, "\n"), "\n", "\n  ") + "\n"
}
