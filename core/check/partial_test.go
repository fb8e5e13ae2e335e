package check_test

import (
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// TestPartial checks a Kustomize patch: what it sets is checked, what it
// leaves to the base is not missing.
func TestPartial(t *testing.T) {
	patch := `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-8
  maintenanceWindowDow: funday
  userConfig:
    kafka:
      compresion_type: zstd
`
	opts := check.DefaultOptions
	opts.Partial = true
	got := summary(report.Validate(patch, text.UTF16, opts).Diagnostics)
	want := "error enum /spec/maintenanceWindowDow\nerror unknown-field /spec/userConfig/kafka/compresion_type"
	if got != want {
		t.Errorf("patch:\n%s\nwant:\n%s", got, want)
	}
	// The same text as a whole resource misses its project.
	if got := summary(findings(patch)); got != "error required /spec/project\n"+want {
		t.Errorf("whole resource:\n%s", got)
	}
}

// TestTemplate checks a masked Helm template: a value an action writes is
// not checked, a mapping with a member an action writes misses nothing,
// and every other mapping and literal is checked as usual.
func TestTemplate(t *testing.T) {
	src := `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: ~0000000
spec:
  plan: ~1111111
  maintenanceWindowDow: ~222
  maintenanceWindowTime: 25:00:00
  userConfig:
    ~33333:
    kafka:
      log_retention_hours: ~44
      compression_type: zip
`
	opts := check.DefaultOptions
	opts.Template = true
	got := summary(report.Validate(src, text.UTF16, opts).Diagnostics)
	want := "error required /spec/project\n" +
		"error format /spec/maintenanceWindowTime\n" +
		"error enum /spec/userConfig/kafka/compression_type"
	if got != want {
		t.Errorf("template:\n%s\nwant:\n%s", got, want)
	}
	// Without the option the placeholders are literal text.
	plain := summary(findings(src))
	if plain == want {
		t.Errorf("placeholders were not checked as literals without Template:\n%s", plain)
	}
}
