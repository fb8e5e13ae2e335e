package schema

import (
	"strings"
	"testing"
)

func TestOpenSearchUserConfigMembers(t *testing.T) {
	uc := Lookup("OpenSearch").UserConfig()
	get := func(path string) *Schema {
		t.Helper()
		s, err := Resolve(uc, path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := get("opensearch.http_max_header_size"); s.Type != Integer || s.Minimum != "1024" || s.Maximum != "262144" {
		t.Errorf("http_max_header_size: %+v", s)
	}
	if s := get("opensearch_version"); s.Type != String || strings.Join(s.Enum, ",") != "1,2" {
		t.Errorf("opensearch_version: %+v", s)
	}
	if s := get("max_index_count"); s.Deprecated == "" || s.Minimum != "0" {
		t.Errorf("max_index_count: %+v", s)
	}
	if s := get("opensearch.reindex_remote_whitelist"); s.MaxItems != 32 || s.Lifecycle&Restarts == 0 {
		t.Errorf("reindex_remote_whitelist: %+v", s)
	}
	if s := get("project_to_fork_from"); s.MaxLength != 63 || s.Lifecycle != Immutable|CreateOnly {
		t.Errorf("project_to_fork_from: %+v", s)
	}
	if s := get("opensearch.search_backpressure.search_task.cancellation_burst"); s.Type != Number || s.Default != "5.0" || s.Minimum != "1" {
		t.Errorf("search_task.cancellation_burst: %+v", s)
	}
	if s := get("opensearch.search_backpressure.search_shard_task.cancellation_burst"); s.Default != "10.0" {
		t.Errorf("search_shard_task.cancellation_burst: %+v", s)
	}
	if s := get("opensearch.segrep[pressure.time.limit]"); s.Format != FormatDuration {
		t.Errorf("pressure.time.limit: %+v", s)
	}
	if s := get("opensearch.shard_indexing_pressure.primary_parameter.node"); strings.Join(s.Required(), ",") != "soft_limit" {
		t.Errorf("primary_parameter.node required: %v", s.Required())
	}
	if s := get("s3_migration"); strings.Join(s.Required(), ",") != "access_key,base_path,bucket,indices,region,secret_key,snapshot_name" {
		t.Errorf("s3_migration required: %v", s.Required())
	}
	for _, p := range []string{"s3_migration.access_key", "s3_migration.secret_key", "gcs_migration.credentials",
		"azure_migration.key", "azure_migration.sas_token", "openid.client_secret", "opensearch.email_sender_password"} {
		if !get(p).Secret {
			t.Errorf("%s is not secret", p)
		}
	}
	if s := get("azure_migration.indices"); s.Format != FormatNone {
		t.Errorf("azure_migration.indices must not be single-line: %+v", s)
	}
	if s := get("openid.client_id"); s.MinLength != 1 || s.MaxLength != 1024 || s.Format != FormatSingleLine {
		t.Errorf("openid.client_id: %+v", s)
	}
	if s := get("index_patterns[].pattern"); !s.CompiledPattern().MatchString("logs.?") || s.CompiledPattern().MatchString("logs/x") {
		t.Errorf("index_patterns[].pattern: %q", s.Pattern)
	}
	if uc.Property("opensearch").Property("cluster.routing.allocation.balance.prefer_primary") == nil ||
		uc.Property("opensearch").Property("search_backpressure").Property("node_duress") == nil {
		t.Error("dotted or nested members of opensearch are wrong")
	}
}
