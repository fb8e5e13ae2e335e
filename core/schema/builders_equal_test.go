package schema

import (
	"reflect"
	"testing"
)

// Temporary: the data files against the builders they replace, every
// field including the derived ones.
func TestDataEqualsBuilders(t *testing.T) {
	build := map[string]*Schema{}
	for name, uc := range map[string]*Schema{"OpenSearch": openSearchUserConfig(), "Grafana": grafanaUserConfig(), "Kafka": kafkaUserConfig()} {
		var extra []*Property
		if name == "Kafka" {
			extra = kafkaSpec()
		}
		spec := commonSpec(name, uc)
		spec.Properties = append(spec.Properties, extra...)
		m := manifest(name, spec)
		m.compile(name)
		build[name] = m
	}
	for name, m := range build {
		if !reflect.DeepEqual(m, Lookup(name).Manifest) {
			t.Errorf("%s differs", name)
		}
	}
}
