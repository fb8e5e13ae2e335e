package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
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
	got := summary(report.Validate(patch, opts).Diagnostics)
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
	got := summary(report.Validate(src, opts).Diagnostics)
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

// TestPartialRulesBetweenMembers: in a patch, a rule between members is
// checked only when every member it names is in the patch; the others may
// be in the base.
func TestPartialRulesBetweenMembers(t *testing.T) {
	patch := func(members string) string {
		return "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: search\nspec:\n  userConfig:\n    opensearch:\n" + members
	}
	opts := check.DefaultOptions
	opts.Partial = true
	cases := []struct{ members, partial, whole string }{
		// Needs indices_memory_index_buffer_size, which the base may set.
		{"      indices_memory_max_index_buffer_size: 100\n", "",
			"error requires /spec/userConfig/opensearch/indices_memory_max_index_buffer_size"},
		// Both sides of a comparison in the patch: checked.
		{"      indices_memory_index_buffer_size: 10\n      indices_memory_min_index_buffer_size: 200\n      indices_memory_max_index_buffer_size: 100\n",
			"warning order /spec/userConfig/opensearch/indices_memory_min_index_buffer_size",
			"warning order /spec/userConfig/opensearch/indices_memory_min_index_buffer_size"},
	}
	for _, c := range cases {
		src := patch(c.members)
		if got := summary(report.Validate(src, opts).Diagnostics); got != c.partial {
			t.Errorf("patch %q:\n%s\nwant:\n%s", c.members, got, c.partial)
		}
		var whole []string
		for _, l := range strings.Split(summary(findings(src)), "\n") {
			if !strings.Contains(l, "required") {
				whole = append(whole, l)
			}
		}
		if got := strings.Join(whole, "\n"); got != c.whole {
			t.Errorf("whole resource %q:\n%s\nwant:\n%s", c.members, got, c.whole)
		}
	}
}

// TestTemplateAPIVersion: an apiVersion an action writes, on one of our
// kinds, is read as the version there is: the rest is checked, and no
// const finding is made up.
func TestTemplateAPIVersion(t *testing.T) {
	src := "apiVersion: ~0000\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  project: streaming\n  plan: business-4\n  maintenanceWindowDow: funday\n"
	opts := check.DefaultOptions
	opts.Template = true
	if got, want := summary(report.Validate(src, opts).Diagnostics), "error enum /spec/maintenanceWindowDow"; got != want {
		t.Errorf("template:\n%s\nwant:\n%s", got, want)
	}
}
