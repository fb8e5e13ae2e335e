package secret

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

func parse(t *testing.T, src string) *document.Document {
	t.Helper()
	s := document.ParseStream(src, document.DefaultLimits)
	if len(s.Docs) != 1 || s.Docs[0].Root == nil {
		t.Fatalf("bad test input")
	}
	return s.Docs[0]
}

func TestOf(t *testing.T) {
	cases := []struct {
		kind, spec string
		name       string
		keys       string
		disabled   bool
	}{
		{"OpenSearch", "", "res", "OPENSEARCH_HOST OPENSEARCH_PORT OPENSEARCH_USER OPENSEARCH_PASSWORD", false},
		{"Grafana", "  connInfoSecretTarget:\n    name: conn\n", "conn", "GRAFANA_HOST GRAFANA_PORT GRAFANA_USER GRAFANA_PASSWORD GRAFANA_URI GRAFANA_HOSTS", false},
		{"Grafana", "  connInfoSecretTarget:\n    name: conn\n    prefix: my_\n", "conn", "my_HOST my_PORT my_USER my_PASSWORD my_URI my_HOSTS", false},
		{"OpenSearch", "  connInfoSecretTargetDisabled: true\n", "res", "OPENSEARCH_HOST OPENSEARCH_PORT OPENSEARCH_USER OPENSEARCH_PASSWORD", true},
		{"Kafka", "", "res", "KAFKA_HOST KAFKA_PORT KAFKA_USERNAME KAFKA_PASSWORD KAFKA_ACCESS_CERT KAFKA_ACCESS_KEY KAFKA_SASL_HOST KAFKA_SASL_PORT KAFKA_CA_CERT", false},
		{"Kafka", "  userConfig:\n    kafka_connect: true\n    schema_registry: true\n    kafka_rest: false\n", "res",
			"KAFKA_HOST KAFKA_PORT KAFKA_USERNAME KAFKA_PASSWORD KAFKA_ACCESS_CERT KAFKA_ACCESS_KEY KAFKA_SASL_HOST KAFKA_SASL_PORT KAFKA_SCHEMA_REGISTRY_HOST KAFKA_SCHEMA_REGISTRY_PORT KAFKA_CONNECT_HOST KAFKA_CONNECT_PORT KAFKA_CA_CERT", false},
	}
	for _, c := range cases {
		d := parse(t, "apiVersion: example.io/v1alpha1\nkind: "+c.kind+"\nmetadata:\n  name: res\nspec:\n  plan: p\n"+c.spec)
		s := Of(schema.Lookup(c.kind), d)
		if s.Name != c.name || strings.Join(s.Keys, " ") != c.keys || s.Disabled != c.disabled {
			t.Errorf("%s %q: got %+v", c.kind, c.spec, s)
		}
	}
}

// TestOfHidesASecretName: a name that is also a secret's value (through an
// anchor, either way round) is not shown as the connection Secret's name.
func TestOfHidesASecretName(t *testing.T) {
	for _, src := range []string{
		"apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: &n S3CRET-NAME\nspec:\n  userConfig:\n    smtp_server:\n      password: *n\n",
		"apiVersion: example.io/v1alpha1\nkind: Grafana\nspec:\n  userConfig:\n    smtp_server:\n      password: &p S3CRET-NAME\n  connInfoSecretTarget:\n    name: *p\n",
	} {
		s := Of(schema.Lookup("Grafana"), parse(t, src))
		if s.Name != "" || !s.NameHidden {
			t.Errorf("%q: got name %q, hidden %v; want it hidden", src, s.Name, s.NameHidden)
		}
	}
}

// TestSortSpansAsSlicesSorts: sortSpans orders spans by start, stably,
// as a stable generic sort does, whatever runs they come in.
func TestSortSpansAsSlicesSorts(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for n := 0; n < 300; n++ {
		spans := make([]document.Span, r.Intn(60))
		for i := range spans {
			spans[i] = document.Span{Start: r.Intn(20), End: i}
		}
		if n%3 == 0 { // runs, as Merge gets them
			slices.SortStableFunc(spans[:len(spans)/2], func(a, b document.Span) int { return a.Start - b.Start })
		}
		want := slices.Clone(spans)
		slices.SortStableFunc(want, func(a, b document.Span) int { return a.Start - b.Start })
		sortSpans(spans)
		if !slices.Equal(spans, want) {
			t.Fatalf("sortSpans: %v, want %v", spans, want)
		}
	}
}
