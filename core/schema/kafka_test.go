package schema

import (
	"slices"
	"testing"
)

func TestKafkaUserConfigMembers(t *testing.T) {
	uc := Lookup("Kafka").UserConfig()
	at := func(path string) *Schema {
		t.Helper()
		s, err := Resolve(uc, path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := at("kafka.log_cleaner_min_cleanable_ratio"); s.Type != Number || s.Minimum != "0.2" || s.Maximum != "0.9" || s.Default != "0.5" {
		t.Errorf("log_cleaner_min_cleanable_ratio: %+v", s)
	}
	if s := at("kafka.log_cleaner_max_compaction_lag_ms"); s.Type != Integer || s.Minimum != "30000" || s.Maximum != "" || s.Default != "9223372036854775807" {
		t.Errorf("log_cleaner_max_compaction_lag_ms: %+v", s)
	}
	if s := at("kafka.sasl_oauthbearer_sub_claim_name"); s.Format != FormatNonBlankLine || s.MaxLength != 128 || s.Default != "sub" {
		t.Errorf("sasl_oauthbearer_sub_claim_name: %+v", s)
	}
	if s := at("kafka_rest_config.consumer_request_timeout_ms"); s.Type != Integer || !slices.Equal(s.Enum, []string{"1000", "15000", "30000"}) {
		t.Errorf("consumer_request_timeout_ms: %+v", s)
	}
	if s := at("kafka_rest_config.producer_acks"); s.Type != String || !slices.Equal(s.Enum, []string{"-1", "0", "1", "all"}) {
		t.Errorf("producer_acks: %+v", s)
	}
	if got := at("follower_fetching").Required(); !slices.Equal(got, []string{"enabled"}) {
		t.Errorf("follower_fetching required = %v", got)
	}
	if got := at("kafka_connect_secret_providers[].vault").Required(); !slices.Equal(got, []string{"address", "auth_method"}) {
		t.Errorf("vault required = %v", got)
	}
	if !at("kafka_connect_secret_providers[].vault.token").Secret || !at("kafka_connect_secret_providers[].aws.access_key").Secret {
		t.Error("vault token and aws access_key must be secret")
	}
	if s := at("tiered_storage.local_cache.size"); s.Deprecated == "" || s.Maximum != "107374182400" || at("tiered_storage.local_cache").Deprecated == "" {
		t.Errorf("tiered_storage.local_cache.size: %+v", s)
	}
	if s := at("additional_backup_regions"); s.Deprecated == "" || s.MaxItems != 1 {
		t.Errorf("additional_backup_regions: %+v", s)
	}
	if len(uc.Required()) != 0 {
		t.Errorf("all userConfig members are optional, got required %v", uc.Required())
	}
}
