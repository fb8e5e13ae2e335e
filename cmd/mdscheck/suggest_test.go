package main

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/schema"
)

// TestSuggestions: a near miss of a kind, rule code or member name is an
// error that names what was probably meant; and what it names works.
func TestSuggestions(t *testing.T) {
	cases := []struct {
		args  []string
		meant string // "" for no suggestion
	}{
		{[]string{"explain", "kafka"}, "Kafka"},
		{[]string{"explain", "OPENSEARCH"}, "OpenSearch"},
		{[]string{"explain", "Grafnaa"}, "Grafana"},
		{[]string{"explain", "enm"}, "enum"},
		{[]string{"explain", "unknown-fields"}, "unknown-field"},
		{[]string{"explain", "kafka.spec.plan"}, "Kafka.spec.plan"},
		{[]string{"explain", "Kafka.spec.userconfig"}, "Kafka.spec.userConfig"},
		{[]string{"explain", "Kafka.spec.user_config.kafka_verison"}, "Kafka.spec.userConfig.kafka_version"},
		{[]string{"explain", "OpenSearch.spec.userConfig.ip_filter[].netwrok"}, "OpenSearch.spec.userConfig.ip_filter[].network"},
		{[]string{"explain", "OpenSearch.spec.userConfig.ip_filter.Network"}, "OpenSearch.spec.userConfig.ip_filter.network"},
		// A member whose name has dots in it, misspelt inside.
		{[]string{"explain", "OpenSearch.spec.userConfig.opensearch.search.insights.top_queries.latncy.enabled"},
			"OpenSearch.spec.userConfig.opensearch.search.insights.top_queries.latency.enabled"},
		{[]string{"schema", "kafka"}, "Kafka"},
		{[]string{"schema", "enm"}, ""}, // schema wants a kind, not a rule
		{[]string{"explain", "Nope"}, ""},
		{[]string{"explain", "Kafka.spec.zzzzzz"}, ""},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" {
			t.Errorf("%q: exit %d, stdout %q", c.args, code, out)
		}
		if c.meant == "" {
			if strings.Contains(errOut, "did you mean") {
				t.Errorf("%q suggests something:\n%s", c.args, errOut)
			}
			continue
		}
		if !strings.Contains(errOut, `did you mean "`+c.meant+`"?`) {
			t.Errorf("%q does not suggest %s:\n%s", c.args, c.meant, errOut)
		}
		if code, _, errOut := runCLI(t, "", c.args[0], c.meant); code != 0 {
			t.Errorf("the suggestion %s fails: %s", c.meant, errOut)
		}
	}
}

// TestEveryMemberFoundInAnyCase: every member path of every kind, typed
// in lower case, leads back to itself.
func TestEveryMemberFoundInAnyCase(t *testing.T) {
	var walk func(path string, s *schema.Schema)
	n := 0
	walk = func(path string, s *schema.Schema) {
		if s.Type == schema.Array && s.Items != nil {
			s = s.Items
		}
		for _, p := range s.Properties {
			member := path + "." + p.Name
			if low := strings.ToLower(member); low != member {
				n++
				_, _, errOut := runCLI(t, "", "explain", low)
				if !strings.Contains(errOut, `did you mean "`+member+`"?`) {
					t.Errorf("explain %s: %s", low, errOut)
				}
			}
			walk(member, p.Schema)
		}
	}
	for _, k := range schema.Names() {
		walk(k, schema.Lookup(k).Manifest)
	}
	if n < 100 {
		t.Errorf("only %d members tried", n)
	}
}
