package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// TestStandaloneNamesTheMember: each finding of a manifest with planted
// mistakes reads whole without the source line: it names the member.
func TestStandaloneNamesTheMember(t *testing.T) {
	src := manifest("Grafana", "  project: "+strings.Repeat("a", 64)+"\n"+
		"  userConfig:\n    dataproxy_timeout: 120\n    public_access:\n      prometheus: true\n")
	want := []string{
		"`spec.project` is too long: 64 characters, at most 63 allowed",
		"`spec.userConfig.dataproxy_timeout`: 120 is above the maximum of 90",
		"`spec.userConfig.public_access`: missing required member \"grafana\" (boolean)",
		"`spec.userConfig.public_access`: unknown field \"prometheus\"",
	}
	var got []string
	for _, d := range findings(src) {
		got = append(got, d.Standalone())
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no standalone message says %q:\n%s", w, all)
		}
	}
}

// TestStandaloneCases: the member is named once, in the words that read.
func TestStandaloneCases(t *testing.T) {
	for _, c := range []struct{ path, pointer, msg, want string }{
		{"", "", "duplicate key \"a\"", "duplicate key \"a\""},
		{"spec.userConfig.base_path", "/spec/userConfig/base_path", "base_path must start with /", "`spec.userConfig.base_path` must start with /"},
		{"spec.x", "/spec/x", "values of spec.x must differ", "values of spec.x must differ"},
		{"data[a.b]", "/data/a.b", "unknown field \"a.b\"", "`data`: unknown field \"a.b\""},
		{"spec.list[3]", "/spec/list/3", "must be a string, not 3", "`spec.list[3]` must be a string, not 3"},
		{"spec", "/spec", "must be a mapping", "`spec` must be a mapping"},
		{"metadata.name", "/metadata/name", `Kafka "a" is gone`, `Kafka "a" is gone`},
	} {
		d := check.Diagnostic{Path: c.path, Pointer: c.pointer, Message: c.msg}
		if strings.HasSuffix(c.msg, "is gone") {
			d.Rule = "deletion"
		}
		if got := d.Standalone(); got != c.want {
			t.Errorf("%+v: %q, want %q", c, got, c.want)
		}
	}
}
