package cross

import (
	"strings"
	"testing"
)

// TestSplitPlaced: a stream whose documents come from two files, split
// by file, finds the conflicts of its services at each, in the stream's
// places, each message naming the other's file even when both come from
// one: the findings are shown where a front end places them.
func TestSplitPlaced(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: shared\nspec:\n  plan: business-4\n  project: p\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: shared\nspec:\n  plan: startup-4\n  project: p\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: other\nspec:\n  plan: startup-1\n  project: p\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: other\nspec:\n  plan: startup-4\n  project: p\n"
	files := []string{"base/kafka.yaml", "overlay/search.yaml", "overlay/search.yaml", "overlay/search.yaml"}
	parts := ReadFacts(src).Split(func(doc int) string { return files[doc] })
	if len(parts) != 2 || len(parts["base/kafka.yaml"].Writers) != 1 || len(parts["overlay/search.yaml"].Writers) != 3 {
		t.Fatalf("split: %+v", parts)
	}
	var s Set
	for name, f := range parts {
		s.Put(name, f)
	}
	kafka := s.FindingsPlaced("base/kafka.yaml")
	if len(kafka) != 1 || kafka[0].Document != 0 || src[kafka[0].Start:kafka[0].End] != "shared" ||
		!strings.Contains(kafka[0].Message, "in overlay/search.yaml") {
		t.Errorf("at the Kafka: %+v", kafka)
	}
	search := s.FindingsPlaced("overlay/search.yaml")
	if len(search) != 3 || search[0].Document != 1 || search[1].Document != 2 || search[2].Document != 3 ||
		!strings.Contains(search[0].Message, `Kafka "shared" in base/kafka.yaml`) {
		t.Fatalf("at the others: %+v", search)
	}
	if m := search[1].Message; !strings.Contains(m, `OpenSearch "other" in overlay/search.yaml`) || strings.Contains(m, "this file") {
		t.Errorf("the Grafana's finding names its neighbour as %q", m)
	}
	if m := s.Findings("overlay/search.yaml")[1].Message; !strings.Contains(m, "in this file") {
		t.Errorf("Findings, shown in the file: %q", m)
	}
}
