package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// TestMessagesPeopleRead: each message here once confused a user; the test
// holds the wording that answers the question they had.
func TestMessagesPeopleRead(t *testing.T) {
	cases := []struct {
		name, kind, spec string
		want             string // a finding's message contains this
	}{
		{"hours shown as hours", "Kafka", "  userConfig:\n    kafka:\n      log_local_retention_ms: 7200000\n      log_retention_hours: 1\n",
			"log_local_retention_ms (7200000) must not exceed log_retention_hours (1 hour, that is 3600000 ms)"},
		{"the default hours named", "Kafka", "  userConfig:\n    kafka:\n      log_local_retention_ms: 720000000\n",
			"must not exceed the default log_retention_hours (168 hours, that is 604800000 ms)"},
		{"one item, not items", "Kafka", "  serviceIntegrations:\n  - {integrationType: read_replica, sourceServiceName: a}\n  - {integrationType: read_replica, sourceServiceName: b}\n",
			"has 2 items; at most 1 item allowed"},
		{"a single allowed value is not a list", "Kafka", "  userConfig:\n    kafka_authentication_methods: {}\n    kafka_connect_secret_providers:\n    - name: p\n      aws: {auth_method: Credentials, region: r}\n",
			`"Credentials" is not allowed; the only allowed value is credentials`},
		{"a value that starts an allowed one", "Grafana", "  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@b.c, starttls_policy: mandatory}\n",
			"(did you mean MandatoryStartTLS?)"},
		{"the shape of an item", "Kafka", "  userConfig:\n    ip_filter: [10.0.0.0/8]\n",
			"must be a mapping, not a string; write it as network: 10.0.0.0/8"},
		{"nested members written as one dotted key", "OpenSearch", "  userConfig:\n    opensearch:\n      search_backpressure:\n        node_duress.cpu_threshold: 0.5\n",
			"these are nested members, not one key with dots: write node_duress:, then cpu_threshold: under it"},
	}
	for _, c := range cases {
		var msgs []string
		for _, d := range findings(manifest(c.kind, c.spec)) {
			msgs = append(msgs, d.Message)
		}
		if !strings.Contains(strings.Join(msgs, "\n"), c.want) {
			t.Errorf("%s: no message says %q:\n%s", c.name, c.want, strings.Join(msgs, "\n"))
		}
	}
}

// TestMaxItemsUnderlinesTheFirstTooMany: the list is the pointer, the
// first item over the limit is where the finding is shown.
func TestMaxItemsUnderlinesTheFirstTooMany(t *testing.T) {
	src := manifest("Kafka", "  serviceIntegrations:\n  - {integrationType: read_replica, sourceServiceName: a}\n  - {integrationType: read_replica, sourceServiceName: b}\n")
	for _, d := range findings(src) {
		if d.Rule == "max-items" {
			if at := text.NewIndex(src).Position(d.Start, text.UTF16); d.Pointer != "/spec/serviceIntegrations" || at.Line != 9 || at.Character != 4 {
				t.Errorf("max-items at %+v, pointer %s; want line 9, character 4 (the second item)", at, d.Pointer)
			}
			return
		}
	}
	t.Error("no max-items finding")
}
