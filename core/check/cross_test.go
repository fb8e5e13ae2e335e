package check_test

import (
	"strings"
	"testing"
)

func TestOtherKindsMembers(t *testing.T) {
	cases := []struct{ kind, spec, want string }{
		{"OpenSearch", "  karapace: true\n", `unknown field "karapace" in OpenSearch; it belongs to Kafka`},
		{"Kafka", "  userConfig:\n    smtp_server: {}\n", `unknown field "smtp_server" in Kafka; it belongs to Grafana`},
		{"Grafana", "  userConfig:\n    opensearch_version: \"2\"\n", `unknown field "opensearch_version" in Grafana; it belongs to OpenSearch`},
		{"Grafana", "  userConfig:\n    kafka_versoin: \"3.8\"\n", `unknown field "kafka_versoin"`},
	}
	for _, c := range cases {
		ds := findings(manifest(c.kind, c.spec))
		if len(ds) != 1 || !strings.HasPrefix(ds[0].Message, c.want) {
			t.Errorf("%s %q: got %s", c.kind, c.spec, summary(ds))
			for _, d := range ds {
				t.Logf("  %s", d.Message)
			}
		}
	}
}

func TestCrossFieldRules(t *testing.T) {
	osc := func(s string) string { return manifest("OpenSearch", "  userConfig:\n"+s) }
	kafka := func(s string) string { return manifest("Kafka", "  userConfig:\n    kafka:\n"+s) }
	graf := func(s string) string { return manifest("Grafana", "  userConfig:\n"+s) }
	migration := "      base_path: %s\n      bucket: b\n      credentials: c\n      indices: i\n      snapshot_name: s\n"
	cases := []struct{ name, src, want string }{
		{"buffer min needs base", osc("    opensearch:\n      indices_memory_min_index_buffer_size: 64\n"),
			"error requires /spec/userConfig/opensearch/indices_memory_min_index_buffer_size"},
		{"buffer max needs base", osc("    opensearch:\n      indices_memory_max_index_buffer_size: 64\n"),
			"error requires /spec/userConfig/opensearch/indices_memory_max_index_buffer_size"},
		{"buffer with base", osc("    opensearch:\n      indices_memory_index_buffer_size: 10\n      indices_memory_min_index_buffer_size: 64\n      indices_memory_max_index_buffer_size: 128\n"), ""},
		{"buffer min above max", osc("    opensearch:\n      indices_memory_index_buffer_size: 10\n      indices_memory_min_index_buffer_size: 640\n      indices_memory_max_index_buffer_size: 128\n"),
			"warning order /spec/userConfig/opensearch/indices_memory_min_index_buffer_size"},
		{"operating factors out of order", osc("    opensearch:\n      shard_indexing_pressure:\n        operating_factor:\n          lower: 0.9\n          optimal: 0.85\n          upper: 0.95\n"),
			"warning order /spec/userConfig/opensearch/shard_indexing_pressure/operating_factor/lower"},
		{"azure neither key nor token", osc("    azure_migration:\n      account: a\n      base_path: p\n      container: c\n      indices: i\n      snapshot_name: s\n"),
			"warning one-of /spec/userConfig/azure_migration"},
		{"azure both", osc("    azure_migration:\n      account: a\n      base_path: p\n      container: c\n      indices: i\n      snapshot_name: s\n      key: k\n      sas_token: t\n"),
			"warning one-of /spec/userConfig/azure_migration"},
		{"azure key", osc("    azure_migration:\n      account: a\n      base_path: p\n      container: c\n      indices: i\n      snapshot_name: s\n      sas_token: t\n"), ""},
		{"base_path leading slash", osc("    gcs_migration:\n" + strings.Replace(migration, "%s", "/snap", 1)), "error path-slash /spec/userConfig/gcs_migration/base_path"},
		{"base_path trailing slash", osc("    gcs_migration:\n" + strings.Replace(migration, "%s", "snap/", 1)), "error path-slash /spec/userConfig/gcs_migration/base_path"},
		{"base_path inner slash", osc("    gcs_migration:\n" + strings.Replace(migration, "%s", "a/b", 1)), ""},
		{"local bytes above total", kafka("      log_retention_bytes: 1000\n      log_local_retention_bytes: 5000\n"), "error order /spec/userConfig/kafka/log_local_retention_bytes"},
		{"local bytes at total", kafka("      log_retention_bytes: 1000\n      log_local_retention_bytes: 1000\n"), ""},
		{"local bytes, unlimited total", kafka("      log_retention_bytes: -1\n      log_local_retention_bytes: 5000\n"), ""},
		{"local bytes -2", kafka("      log_retention_bytes: 1000\n      log_local_retention_bytes: -2\n"), ""},
		{"local ms above total", kafka("      log_retention_ms: 1000\n      log_local_retention_ms: 5000\n"), "error order /spec/userConfig/kafka/log_local_retention_ms"},
		{"local ms above hours", kafka("      log_retention_hours: 1\n      log_local_retention_ms: 3600001\n"), "error order /spec/userConfig/kafka/log_local_retention_ms"},
		{"local ms above default 168 h", kafka("      log_local_retention_ms: 604800001\n"), "error order /spec/userConfig/kafka/log_local_retention_ms"},
		{"local ms within default", kafka("      log_local_retention_ms: 604800000\n"), ""},
		{"session timeouts", kafka("      group_min_session_timeout_ms: 60000\n      group_max_session_timeout_ms: 1000\n"), "warning order /spec/userConfig/kafka/group_min_session_timeout_ms"},
		{"legacy alerting on by default", graf("    alerting_enabled: true\n"),
			"warning conflict /spec/userConfig/alerting_enabled\nwarning deprecated /spec/userConfig/alerting_enabled"},
		{"legacy alerting with unified off", graf("    alerting_enabled: true\n    unified_alerting_enabled: false\n"), "warning deprecated /spec/userConfig/alerting_enabled"},
		{"gitlab urls partly", graf("    auth_gitlab:\n      allowed_groups: [g]\n      client_id: i\n      client_secret: s\n      api_url: https://git.example.com/api/v4\n"),
			"warning requires /spec/userConfig/auth_gitlab/api_url"},
		{"vpc id and ref", manifest("Kafka", "  projectVpcId: v\n  projectVPCRef:\n    name: net\n"), "error conflict /spec/projectVpcId"},
		{"secret provider neither", manifest("Kafka", "  userConfig:\n    kafka_connect_secret_providers:\n      - name: p\n"), "warning one-of /spec/userConfig/kafka_connect_secret_providers/0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := summary(findings(c.src)); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestDottedKeyHint(t *testing.T) {
	src := manifest("OpenSearch", "  userConfig:\n    opensearch:\n      search:\n        insights:\n          top_queries: {}\n")
	ds := findings(src)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `"search.insights.top_queries" is a single key with dots in it`) {
		t.Errorf("got %s", summary(ds))
	}
}

func TestQuotedBooleanAdvice(t *testing.T) {
	ds := findings(manifest("Kafka", "  terminationProtection: \"yes\"\n"))
	if len(ds) != 1 || !strings.HasSuffix(ds[0].Message, "write true") || ds[0].Fixes[0].Edits[0].NewText != "true" {
		t.Errorf("got %+v", ds)
	}
}
